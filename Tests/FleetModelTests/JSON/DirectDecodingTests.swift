import Foundation
import Testing

@testable import FleetModel
@testable import ProtoJSONKit

/// The direct sources (tape, JSONValue) must give what the general path gives, or leave the input to it.
@Suite struct DirectDecodingTests {
    /// The trip by the direct path over a tape, or nil for a miss.
    func direct(_ text: String) throws -> Trip? {
        var tape = JSONTape()
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { raw in
            let parsed = tape.parse(raw)
            try #require(parsed)
            return tape.withRoot(in: raw) { try? Trip(direct: $0) }
        }
    }

    @Test func canonicalTripReadsTheSameDirectly() throws {
        let general = try ProtoJSON.decode(Trip.self, from: canonicalTripJSON)
        let direct = try #require(try direct(canonicalTripJSON))
        #expect(direct == general)
    }

    /// `ProtoJSON.decode(_:text:)`, what the server reads its stored rows with: the direct result where the tape
    /// settles the text, the general path's where it does not, and the general path's error for bad text.
    @Test func textDecodingGivesTheGeneralPathsTripAndVehicle() throws {
        let trip = try ProtoJSON.decode(Trip.self, from: canonicalTripJSON)
        let stored = try ProtoJSON.encodeString(trip)
        #expect(try ProtoJSON.decode(Trip.self, text: stored) == trip)
        #expect(try ProtoJSON.decode(Trip.self, text: canonicalTripJSON) == trip)
        #expect(
            try ProtoJSON.decode(Trip.self, text: #"{"trip_status":"NEW"}"#).tripStatus == .new,
            "snake_case: by the general path")
        #expect(throws: ProtoJSONError.self) { try ProtoJSON.decode(Trip.self, text: #"{"tripStatus":"NEW""#) }
        var vehicle = Vehicle(
            name: "providers/p/vehicles/v", vehicleState: .online, supportedTripTypes: [.exclusive], maximumCapacity: 4)
        vehicle.currentRouteSegment = "AhYFIoF_XZ6GAPV1plu2AYQNAA=="
        vehicle.remainingDistanceMeters = 0
        #expect(try ProtoJSON.decode(Vehicle.self, text: ProtoJSON.encodeString(vehicle)) == vehicle)
    }

    @Test func enumsAsNumbersAndInt64sAsStringsReadTheSame() throws {
        let text = #"""
            {"name":"providers/p/trips/t","tripStatus":2,"tripType":"EXCLUSIVE","numberOfPassengers":"3",
             "remainingDistanceMeters":0,"lastLocation":{"heading":0,"speed":"NaN","locationSensor":4,"isRoadSnapped":false,
             "location":{"latitude":1e-3,"longitude":-0.0}},"route":[],"remainingTimeToFirstWaypoint":"1.5s",
             "attributes":[{"key":"k","numberValue":2.5}],"view":null,"unknownField":{"x":[1,"y"]}}
            """#
        let general = try ProtoJSON.decode(Trip.self, from: text)
        let direct = try #require(try direct(text))
        // NaN != NaN: compare the encodings.
        #expect(try ProtoJSON.encodeString(direct) == ProtoJSON.encodeString(general))
        #expect(direct.tripStatus == .enrouteToPickup && direct.remainingDistanceMeters == 0)
    }

    @Test(arguments: [
        #"{"trip_status":"NEW"}"#,  // snake_case: the general path's precedence rules decide
        #"{"tripStatus":"DRIVING"}"#,  // unknown enum name: the general path's error
        #"{"tripStatus":99}"#,
        #"{"pickupTime":"yesterday"}"#,
        #"{"numberOfPassengers":1.0}"#,
        #"{"numberOfPassengers":"x"}"#,
        #"{"route":[null]}"#,
        #"{"route":{}}"#,
        #"{"name":1}"#,
        #"{"lastLocation":{"speed":1e400}}"#,
        #"{"name":"a","name":"b"}"#,
    ])
    func leavesWhatItCannotSettleToTheGeneralPath(_ text: String) throws {
        #expect(try direct(text) == nil)
    }

    @Test func jsonValuesReadTheSameDirectlyAndThroughJSONDecoder() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(canonicalTripJSON.utf8))
        let general = try ProtoJSON.decode(Trip.self, from: canonicalTripJSON)
        let fields = try #require(JSONValueSource(value, options: .init()).fields())
        #expect(try Trip(fields: fields) == general)
        #expect(try ProtoJSON.decode(Trip.self, from: value) == general)
    }

    @Test func foldedJSONValuesReadTheSameCaseInsensitively() throws {
        func folded(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let members):
                .object(
                    Dictionary(uniqueKeysWithValues: members.map { (ProtoJSONKey.folded($0.key), folded($0.value)) }))
            case .array(let items): .array(items.map(folded))
            default: value
            }
        }
        let options = ProtoJSONDecodingOptions(lenientEnums: true, caseInsensitiveKeys: true)
        let value = folded(try JSONDecoder().decode(JSONValue.self, from: Data(canonicalTripJSON.utf8)))
        let general = try ProtoJSON.decode(Trip.self, from: JSONEncoder().encode(value), options: options)
        let fields = try #require(JSONValueSource(value, options: options).fields())
        #expect(try Trip(fields: fields) == general)
        #expect(general == (try ProtoJSON.decode(Trip.self, from: canonicalTripJSON)))
    }

    @Test func errorsStillComeFromTheGeneralPathWithTheirFieldPaths() throws {
        let value = JSONValue.object(["lastLocation": .object(["heading": .string("north")])])
        #expect(throws: ProtoJSONError(path: "lastLocation.heading", message: "expected an integer, got \"north\"")) {
            try ProtoJSON.decode(Trip.self, from: value)
        }
    }
}
