import Foundation
import Testing

@testable import FleetModel
@testable import ProtoJSONKit

/// A message of one repeated field, `items`, of any element type: one name for several types.
private struct Items<Item: ProtoJSONField & Equatable>: ProtoMessage {
    var items: [Item]

    init<F: ProtoFieldSource>(fields r: F) throws {
        items = try r.repeated("items")
        try r.finish()
    }

    init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("items", items)
    }
}

/// The stream must give what the tape (and so the general path) gives, or leave the text to them; never accept a
/// document the tape refuses.
@Suite struct JSONStreamTests {
    /// The trip by the stream, or nil for a miss.
    func streamed(_ text: String) -> Trip? {
        var stream = JSONStream()
        return Array(text.utf8).withUnsafeBytes { raw in try? stream.read(raw) { try Trip(direct: $0) } }
    }

    /// `text` with its objects' keys sorted, as tripterm writes it.
    func sorted(_ text: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        return String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]),
            as: UTF8.self)
    }

    /// A trip with every field set, written as tripterm writes it.
    func fullTrip() throws -> (trip: Trip, text: String) {
        var trip = try ProtoJSON.decode(Trip.self, from: canonicalTripJSON)
        let point = TerminalLocation(point: LatLng(latitude: 1.5, longitude: -2.25))
        let stop = StopLocation(point: point.point, timestamp: ProtoTimestamp(seconds: 1_700_000_000))
        trip.actualPickupPoint = stop
        trip.actualPickupArrivalPoint = stop
        trip.actualDropoffPoint = stop
        trip.intermediateDestinations = [point, point]
        trip.actualIntermediateDestinations = [stop]
        trip.actualIntermediateDestinationArrivalPoints = [stop]
        trip.intermediateDestinationIndex = 1
        trip.intermediateDestinationsVersion = ProtoTimestamp(seconds: 1_700_000_000, nanos: 5)
        trip.vehicleWaypoints = trip.remainingWaypoints
        trip.route = [LatLng(latitude: 43.7, longitude: 7.4), LatLng(latitude: 43.71, longitude: 7.41)]
        trip.currentRouteSegmentTraffic = ConsumableTrafficPolyline(
            speedReadingInterval: [
                SpeedReadingInterval(startPolylinePointIndex: 0, endPolylinePointIndex: 1, speed: .slow)
            ],
            encodedPathToWaypoint: "abc")
        trip.currentRouteSegmentTrafficVersion = ProtoTimestamp(seconds: 1_700_000_001, nanos: 0)
        trip.remainingWaypointsRouteVersion = ProtoTimestamp(seconds: 1_700_000_002, nanos: 0)
        trip.attributes = [
            TripAttribute(key: "a", tripAttributeValue: .stringValue("x")),
            TripAttribute(key: "b", tripAttributeValue: .boolValue(false)),
            TripAttribute(key: "c", tripAttributeValue: .numberValue(2.5)),
            TripAttribute(key: "d", tripAttributeValue: nil),
        ]
        trip.view = .journeySharingV1S
        return (trip, try ProtoJSON.encodeString(trip))
    }

    /// Every field of Trip and the messages inside it is asked for in the order tripterm writes it: a trip with all
    /// of them set is read by the stream, not left to the tape.
    @Test func readsATripWithEveryFieldSet() throws {
        let (trip, text) = try fullTrip()
        #expect(try ProtoJSON.decode(Trip.self, from: text) == trip)
        let read = try #require(streamed(text), "the stream missed: a message asks for its fields out of order")
        #expect(read == trip)
    }

    @Test func readsTheCanonicalTripOnceItsKeysAreSorted() throws {
        let general = try ProtoJSON.decode(Trip.self, from: canonicalTripJSON)
        #expect(streamed(canonicalTripJSON) == nil, "keys out of order: left to the tape")
        #expect(streamed(try sorted(canonicalTripJSON)) == general)
    }

    @Test func readsEnumsAsNumbersNullsUnknownMembersAndWhitespaceAsTheTapeDoes() throws {
        let text = #"""
             { "aaa" : [1, {"x": "y"}], "lastLocation": {"heading": 0, "locationSensor": 4, "speed": "NaN",
              "zzz": null}, "name" : "providers/p/trips/t", "numberOfPassengers": "3", "route": [ ],
              "tripStatus": 2, "view": null }
            """#
        let general = try ProtoJSON.decode(Trip.self, from: text)
        let read = try #require(streamed(text))
        #expect(try ProtoJSON.encodeString(read) == ProtoJSON.encodeString(general))
    }

    /// Small documents that exercise one rule each: a skipped member, whitespace, a field whose name is a prefix of a
    /// later key (`location`, `locationSensor`), enum numbers, strings for numbers, empty arrays, `null`.
    @Test(arguments: [
        #"{"aaa":[1,{"x":"y"}],"name":"a"}"#,
        #" {"name":"a"} "#,
        #"{"name" : "a" }"#,
        #"{"lastLocation": {"heading": 0}}"#,
        #"{"lastLocation": {"locationSensor": 4}}"#,
        #"{"lastLocation": {"location": {"latitude": 1}, "locationSensor": "GPS"}}"#,
        #"{"lastLocation": {"speed": "NaN", "zzz": null}}"#,
        #"{"numberOfPassengers": "3"}"#,
        #"{"route": [ ], "tripStatus": 2, "view": null}"#,
        #"{"remainingWaypoints":[{"tripId":"t"},{}],"zz":{}}"#,
        #"{"Name":"a","name":"b","vehicleid":"c"}"#,
        "{}",
    ])
    func readsWhatTheTapeReads(_ text: String) throws {
        var tape = JSONTape()
        let expected = try Array(text.utf8).withUnsafeBytes { raw in
            let parsed = tape.parse(raw)
            try #require(parsed)
            return tape.withRoot(in: raw) { try? Trip(direct: $0) }
        }
        let read = try #require(streamed(text), "\(text)")
        // NaN != NaN: compare the encodings.
        #expect(try ProtoJSON.encodeString(read) == ProtoJSON.encodeString(try #require(expected)))
    }

    @Test(arguments: [
        #"{"tripStatus":"NEW","name":"a"}"#,  // keys out of order
        #"{"name":"a","name":"b"}"#,  // repeated
        #"{"trip_status":"NEW"}"#,  // snake_case: the general path's precedence rules decide
        #"{"a_b":1,"name":"a"}"#,  // any snake_case key
        #"{"name":"a","vehicle_id":"v"}"#,  // one met only after fields it sorts after were settled absent
        #"{"n\u0061me":"a"}"#,  // escaped key
        #"{"tripStatus":"DRIVING"}"#,
        #"{"tripStatus":99}"#,
        #"{"pickupTime":"yesterday"}"#,
        #"{"numberOfPassengers":1.0}"#,
        #"{"route":[null]}"#,
        #"{"route":{}}"#,
        #"{"route":[{"latitude":1}}"#,
        #"{"name":1}"#,
        #"{"lastLocation":{"speed":1e400}}"#,
        #"{"name":"a"} x"#,
        #"{"name":"a",}"#,
        #"{"aaa":[1,],"name":"a"}"#,
        "{\"aaa\":\"\u{01}\",\"name\":\"a\"}",  // a control character in a string
        #"{"aaa":"\uD800","name":"a"}"#,
        #"{"name":"a""#,
        "[]",
        "",
    ])
    func leavesWhatItCannotSettleToTheSlowerPaths(_ text: String) {
        #expect(streamed(text) == nil, "settled \(text)")
    }

    @Test func refusesInvalidUTF8AndDeepNesting() {
        var stream = JSONStream()
        let bad: [UInt8] = Array(#"{"name":""#.utf8) + [0xC3] + Array(#""}"#.utf8)
        #expect((bad.withUnsafeBytes { try? stream.read($0) { try Trip(direct: $0) } }) == nil)
        // The root object is at depth 1: 99 arrays inside reach the tape's limit, 100 pass it.
        let deep = "{\"aaa\":" + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}"
        #expect(streamed(deep) == nil, "nested deeper than the tape reads")
        let shallow = "{\"aaa\":" + String(repeating: "[", count: 99) + String(repeating: "]", count: 99) + "}"
        #expect(streamed(shallow) == Trip())
    }

    /// Prefixes and one-byte changes all along a full trip: the stream gives the tape's trip or misses.
    @Test func agreesWithTheTapeOnDamagedText() throws {
        let (_, text) = try fullTrip()
        let bytes = Array(text.utf8)
        var tape = JSONTape()
        func viaTape(_ bytes: [UInt8]) -> Trip? {
            bytes.withUnsafeBytes { raw in
                guard tape.parse(raw) else { return nil }
                return tape.withRoot(in: raw) { try? Trip(direct: $0) }
            }
        }
        var stream = JSONStream()
        var settled = 0
        var variants: [[UInt8]] = stride(from: 0, to: bytes.count, by: 7).map { Array(bytes[..<$0]) }
        for (i, byte) in bytes.enumerated() where i % 3 == 0 {
            for replacement: UInt8 in [0x22, 0x2C, 0x7D, 0x5D, 0x30, 0x6E, 0x5F, 0x20, 0x80] where replacement != byte {
                var changed = bytes
                changed[i] = replacement
                variants.append(changed)
            }
        }
        for variant in variants {
            guard let read = variant.withUnsafeBytes({ raw in try? stream.read(raw) { try Trip(direct: $0) } }) else {
                continue
            }
            settled += 1
            let expected = viaTape(variant)
            #expect(expected == read, "\(String(decoding: variant, as: UTF8.self))")
        }
        #expect(settled > 30, "some changes (digits, spaces) still read")
    }

    /// Numbers read by the stream's fused fast path and by its fallback, as route coordinates (the pattern) and as a
    /// speed (the member path): bit for bit what `JSONDecoder` reads.
    @Test func numbersReadBitForBitAsJSONDecoderReadsThem() throws {
        var random = SplitMix64(seed: 7)
        var texts = [
            "0", "-0", "0.0", "-0.0", "43.7384176", "7.4246158", "-122.06790357828139", "0.30000000000000004",
            "9007199254740993", "9007199254740992", "1e22", "1e23", "123456789012345678901234567890", "4.9e-324",
            "1.7976931348623157e308", "0.1", "-3.5", "1234567.0", "100E-2", "1.0000000000000000000001",
            "0.0000000000000000000001", "0.00000000000000000000001", "9999999999999999999", "18446744073709551615",
        ]
        for _ in 0..<2_000 {
            let double = Double(bitPattern: random.next())
            if double.isFinite { texts.append("\(double)") }
            texts.append("\(Double(Int64(bitPattern: random.next()) % 100_000_000) / 1e6)")
            texts.append("\(Double(Int64(bitPattern: random.next()) % 10_000_000_000_000) / 1e13)")
        }
        for text in texts {
            let expected = try JSONDecoder().decode(Double.self, from: Data(text.utf8))
            let route = try #require(streamed(#"{"route":[{"latitude":\#(text),"longitude":\#(text)}]}"#), "\(text)")
            #expect(route.route.first?.latitude.bitPattern == expected.bitPattern, "\(text) as a latitude")
            #expect(route.route.first?.longitude.bitPattern == expected.bitPattern, "\(text) as a longitude")
            let speed = try #require(streamed(#"{"lastLocation":{"speed":\#(text)}}"#), "\(text)")
            #expect(speed.lastLocation?.speed?.bitPattern == expected.bitPattern, "\(text) as a speed")
        }
    }

    /// Coordinates spelled other than as tripterm writes them leave the pattern for the member path, and read the same.
    @Test(arguments: [
        #"{"latitude":1.5,"longitude":-2.25}"#,
        #"{"latitude":1.5, "longitude":-2.25}"#,
        #"{ "latitude":1.5,"longitude":-2.25}"#,
        #"{"latitude":1.5,"longitude":-2.25 }"#,
        #"{"latitude":1.5e0,"longitude":-225E-2}"#,
        #"{"latitude":"1.5","longitude":"-2.25"}"#,
        #"{"latitude":1.5}"#,
        #"{"longitude":-2.25}"#,
        #"{"latitude":1.5,"longitude":-2.25,"zzz":0}"#,
        #"{"aaa":0,"latitude":1.5,"longitude":-2.25}"#,
        #"{"latitude":1.5,"longitude":-2.25,"longitudes":3}"#,
        #"{"latitude":01.5,"longitude":-2.25}"#,
        #"{"latitude":1.5,"longitude":-2.25]"#,
        #"{"latitude":1.,"longitude":-2.25}"#,
        #"{"latitude":-,"longitude":-2.25}"#,
        "{}",
    ])
    func coordinatesReadAsTheTapeReadsThem(_ coordinate: String) throws {
        let text = #"{"route":[\#(coordinate),\#(coordinate)]}"#
        var tape = JSONTape()
        let expected = Array(text.utf8).withUnsafeBytes { raw -> Trip? in
            guard tape.parse(raw) else { return nil }
            return tape.withRoot(in: raw) { try? Trip(direct: $0) }
        }
        #expect(streamed(text) == expected, "\(text)")
    }

    @Test func reusesLongStringsAcrossDocuments() throws {
        var stream = JSONStream()
        let text = Array(#"{"name":"providers/p/trips/a-long-trip-name","tripStatus":"ENROUTE_TO_PICKUP"}"#.utf8)
        let first = try text.withUnsafeBytes { raw in try stream.read(raw) { try Trip(direct: $0) } }
        let second = try text.withUnsafeBytes { raw in try stream.read(raw) { try Trip(direct: $0) } }
        #expect(first == second && first.name == "providers/p/trips/a-long-trip-name")
        let other = Array(#"{"name":"providers/p/trips/another-trip-name"}"#.utf8)
        #expect(
            try other.withUnsafeBytes { raw in try stream.read(raw) { try Trip(direct: $0) } }.name
                == "providers/p/trips/another-trip-name")
    }

    /// Documents read in turn by one stream, as a trip file's lines are: what it keeps of one document for the next
    /// (long strings, array lengths) never changes a result. Each is read as a fresh stream and `JSONDecoder` read it.
    func readInTurn(_ texts: [String]) throws {
        var stream = JSONStream()
        for text in texts {
            let read = Array(text.utf8).withUnsafeBytes { raw in try? stream.read(raw) { try Trip(direct: $0) } }
            #expect(read == streamed(text), "\(text)")
            if let read { #expect(read == (try ProtoJSON.decode(Trip.self, from: text)), "\(text)") }
        }
    }

    /// Routes as consecutive snapshots have them: the first point moved, a point passed, a point added, the same
    /// route, and changed, spaced or cut elsewhere.
    @Test func routesReadInTurnReadAsIfReadAfresh() throws {
        func route(_ points: [String], _ rest: String = "") -> String {
            #"{"name":"providers/p/trips/t","route":[\#(points.joined(separator: ","))]\#(rest)}"#
        }
        let points = (0..<12).map { #"{"latitude":43.7\#($0)1234,"longitude":7.4\#($0)5678}"# }
        let moved = [#"{"latitude":43.69,"longitude":7.39}"#] + points.dropFirst()
        try readInTurn([
            route(points), route(points), route(moved), route(Array(moved.dropFirst(2))), route(points),
            route([points[0]] + points.dropFirst(2)), route(points + [points[0]]), route(points + [points[0]]),
            route(Array(points.prefix(11))), route(Array(points.prefix(11)), #","tripStatus":"COMPLETE""#),
            route(points.map { $0 + " " }), route(points.map { " " + $0 }), route(points), route([]), route(points),
            route(points).replacingOccurrences(of: "43.711234", with: "43.71123x"), route(points),
            String(route(points).dropLast(30)), route(points),
            route(points).replacingOccurrences(of: "7.4", with: "7.5"),
        ])
    }

    /// Waypoints, terminal points, names and traffic repeated, changed and dropped between documents.
    @Test func messagesReadInTurnReadAsIfReadAfresh() throws {
        let (trip, full) = try fullTrip()
        var passed = trip
        passed.remainingWaypoints.removeFirst()
        passed.pickupPoint = TerminalLocation(point: LatLng(latitude: 1.5, longitude: -2.5))
        var complete = trip
        complete.tripStatus = .complete
        complete.name = "providers/p/trips/another-long-trip-name"
        let texts = [full, try ProtoJSON.encodeString(passed), full, full, try ProtoJSON.encodeString(complete), full]
        try readInTurn(texts)
        try readInTurn(texts.map { $0.replacingOccurrences(of: "\"TRAFFIC", with: "\"TRAFFIX") })
        try readInTurn(texts.map { $0.replacingOccurrences(of: "PICKUP\"", with: "PICKUP\"  ") })
    }

    /// Enum names, which the stream remembers per type and then matches in place: every name of a type in turn (more
    /// than it keeps), repeated, another type's name, near misses, and a name spelled with an escape.
    @Test func enumNamesReadInTurnReadAsIfReadAfresh() throws {
        func trip(_ status: String, _ sensor: String = "GPS", _ waypoint: String = "PICKUP_WAYPOINT_TYPE") -> String {
            #"{"lastLocation":{"locationSensor":"\#(sensor)"},"name":"n","remainingWaypoints":[{"waypointType":"\#(waypoint)"}],"tripStatus":"\#(status)"}"#
        }
        let statuses = TripStatus.allCases.map(\.protoName)
        var texts = statuses.map { trip($0) } + statuses.reversed().map { trip($0) } + statuses.map { trip($0) }
        texts += [
            trip("ENROUTE_TO_PICKUP"), trip("ENROUTE_TO_PICKU"), trip("ENROUTE_TO_PICKUPX"), trip("ENROUTE_TO_PICKUP "),
            trip("PICKUP_WAYPOINT_TYPE"), trip("ENROUTE_TO_PICKUP", "PICKUP_WAYPOINT_TYPE"),
            trip("ENROUTE_TO_PICKUP", "GPS", "GPS"), trip(#"ENROUTE_TO_PICKU\u0050"#), trip("ENROUTE_TO_PICKUP"),
            trip("TRIP_STATUS_ENROUTE_TO_PICKUP"), trip("ENROUTE_TO_PICKUP", "NETWORK", "DROP_OFF_WAYPOINT_TYPE"),
            trip("COMPLETE", "LOCATION_SENSOR_GPS"), String(trip("COMPLETE").dropLast(4)), trip("COMPLETE"),
        ]
        try readInTurn(texts)
    }

    /// Timestamps, which the stream reads from their time of day while they fall on the day it read last: the same
    /// day, fractions of every length, the next day, a leap day, offsets, lowercase letters, and values out of range.
    @Test func timestampsReadInTurnReadAsIfReadAfresh() throws {
        func trip(_ time: String) -> String { #"{"name":"n","pickupTime":"\#(time)"}"# }
        var texts = ["2026-11-01T09:00:00Z", "2026-11-01T09:00:01Z", "2026-11-01T23:59:59.999999999Z"]
        texts += (1...10).map { "2026-11-01T09:00:01." + String(repeating: "7", count: $0) + "Z" }
        texts += [
            "2026-11-01T09:00:01.Z", "2026-11-01T24:00:00Z", "2026-11-01T09:60:00Z", "2026-11-01T09:00:60Z",
            "2026-11-01t09:00:02z", "2026-11-01T09:00:02+01:00", "2026-11-01T09:00:02-00:30", "2026-11-01 09:00:02Z",
            "2026-11-01T9:00:02Z", "2026-11-01T09:00:0xZ", "2026-11-02T00:00:00Z", "2026-11-01T09:00:03Z",
            "2024-02-29T12:00:00.5Z", "2024-02-29T12:00:01Z", "2023-02-29T12:00:01Z", "2024-02-30T12:00:01Z",
            "0001-01-01T00:00:00Z", "0001-01-01T00:00:01Z", "9999-12-31T23:59:59Z", "9999-12-31T23:59:59.999999999Z",
            "2026-11-01T09:00:04ZZ", "2026-11-01T09:00:04", "2026-11-01T09:00:05Z",
        ]
        try readInTurn(texts.map(trip))
    }

    /// Repeated fields, taken again without reading when their text is what the stream read last for that field:
    /// the same text as elements of another type (a trip's `attributes`, then a vehicle's; one field of two types),
    /// with lenient enums and then without, and by copies of a stream that have since read other text.
    @Test func repeatedFieldsTakenAgainAsIfReadAfresh() throws {
        func read<M: ProtoMessage>(
            _ type: M.Type, _ text: String, lenient: Bool = false, by stream: inout JSONStream
        ) -> M? {
            Array(text.utf8).withUnsafeBytes { raw in
                try? stream.read(raw, lenientEnums: lenient) { value in
                    guard let fields = value.fields() else { throw ProtoDirectDecodingMiss() }
                    return try M(fields: fields)
                }
            }
        }
        func fresh<M: ProtoMessage>(_ type: M.Type, _ text: String, lenient: Bool = false) -> M? {
            var stream = JSONStream()
            return read(type, text, lenient: lenient, by: &stream)
        }
        let attributes = #"[{"key":"a","stringValue":"x"},{"boolValue":false,"key":"b"}]"#
        let trip = #"{"attributes":\#(attributes),"name":"t"}"#
        let vehicle = #"{"attributes":\#(attributes),"name":"v"}"#
        let items = #"{"items":\#(attributes)}"#
        var stream = JSONStream()
        for _ in 0..<2 {
            let expectedTrip = try ProtoJSON.decode(Trip.self, from: trip)
            #expect(read(Trip.self, trip, by: &stream) == expectedTrip)
            let expectedVehicle = try ProtoJSON.decode(Vehicle.self, from: vehicle)
            #expect(read(Vehicle.self, vehicle, by: &stream) == expectedVehicle)
            // One field (one name) of two element types: the same slot.
            let tripItems = try ProtoJSON.decode(Items<TripAttribute>.self, from: items)
            #expect(read(Items<TripAttribute>.self, items, by: &stream) == tripItems)
            let vehicleItems = try ProtoJSON.decode(Items<VehicleAttribute>.self, from: items)
            #expect(read(Items<VehicleAttribute>.self, items, by: &stream) == vehicleItems)
        }

        let unknownType = #"{"remainingWaypoints":[{"tripId":"t","waypointType":"HOVERCRAFT"}]}"#
        for lenient in [true, false, true, false] {
            #expect(
                read(Trip.self, unknownType, lenient: lenient, by: &stream)
                    == fresh(Trip.self, unknownType, lenient: lenient))
        }
        #expect(fresh(Trip.self, unknownType, lenient: true) != nil && fresh(Trip.self, unknownType) == nil)

        let (_, full) = try fullTrip()
        let passed = full.replacingOccurrences(of: #""tripId":"#, with: #""tripId":"x"#)
        #expect(read(Trip.self, full, by: &stream) == fresh(Trip.self, full))
        var copy = stream
        for (one, other) in [(full, passed), (passed, full), (full, full), (passed, passed)] {
            #expect(read(Trip.self, one, by: &stream) == fresh(Trip.self, one))
            #expect(read(Trip.self, other, by: &copy) == fresh(Trip.self, other))
        }
    }

    /// Text taken again sits as deep as when it was read: the same array one level deeper would nest past
    /// ``JSONTape/maxDepth``, and is refused as the tape refuses it.
    @Test func repeatedFieldsTakenAgainOnlyAtTheSameDepth() throws {
        struct Nest: ProtoMessage {
            var children: [Nest]
            init<F: ProtoFieldSource>(fields r: F) throws {
                children = try r.repeated("children")
                try r.finish()
            }
            init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }
            func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
                try w.put("children", children)
            }
        }
        func nest(_ levels: Int) -> String { levels == 0 ? "{}" : #"{"children":["# + nest(levels - 1) + "]}" }
        func read(_ text: String, by stream: inout JSONStream) -> Nest? {
            Array(text.utf8).withUnsafeBytes { raw in
                try? stream.read(raw) { value in
                    guard let fields = value.fields() else { throw ProtoDirectDecodingMiss() }
                    return try Nest(fields: fields)
                }
            }
        }
        // Each level is an object and an array: 49 levels are 99 deep, 50 are 101.
        var stream = JSONStream()
        #expect(read(nest(49), by: &stream) != nil)
        #expect(read(nest(50), by: &stream) == nil)
        #expect(read(nest(49), by: &stream) != nil)
        var tape = JSONTape()
        #expect(Array(nest(50).utf8).withUnsafeBytes { tape.parse($0) } == false)
    }

    /// Text refused for bad UTF-8 stays refused when the same text comes again (after its strings were made once).
    @Test func badUTF8IsRefusedEachTime() throws {
        let bad: [UInt8] =
            Array(
                #"{"intermediateDestinations":[{"point":{"latitude":1.5,"longitude":2.5}},{"point":{"latitude":3.5,"longitude":4.5}}],"name":"providers/p/trips/"#
                    .utf8)
            + [0xC3, 0x28] + Array(#""}"#.utf8)
        let badInside: [UInt8] =
            Array(#"{"intermediateDestinations":[{"point":{"latitude":1.5,"longitude":2.5},"zzz":""#.utf8)
            + [0xC3, 0x28] + Array(#""}],"name":"x"}"#.utf8)
        var stream = JSONStream()
        for text in [bad, bad, badInside, badInside] {
            #expect((text.withUnsafeBytes { try? stream.read($0) { try Trip(direct: $0) } }) == nil)
        }
    }
}
