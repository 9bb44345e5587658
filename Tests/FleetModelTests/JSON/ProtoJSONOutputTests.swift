import Foundation
import Testing

@testable import FleetModel
@testable import ProtoJSONKit

/// The direct writer must give `JSONEncoder`'s bytes exactly: answers, stored rows and recordings stay what they were.
@Suite struct ProtoJSONOutputTests {
    static let encodings = [ProtoJSONEncodingOptions(), ProtoJSONEncodingOptions(enumsAsIntegers: true)]

    static func expectSameBytes<M: ProtoMessage>(
        _ message: M, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for options in encodings {
            let direct = try ProtoJSON.bytes(of: message, options: options)
            let reference = try ProtoJSON.encodeWithJSONEncoder(message, options: options)
            #expect(
                String(decoding: direct, as: UTF8.self) == String(decoding: reference, as: UTF8.self),
                "\(M.self), enums as integers: \(options.enumsAsIntegers)", sourceLocation: sourceLocation)
        }
    }

    /// A string and a number as one field each, through both writers.
    static func field(_ text: String, _ number: Double) throws -> (direct: String, reference: String) {
        let attribute = VehicleAttribute(key: text, value: text, vehicleAttributeValue: .numberValue(number))
        return (
            String(decoding: try ProtoJSON.bytes(of: attribute), as: UTF8.self),
            String(decoding: try ProtoJSON.encodeWithJSONEncoder(attribute), as: UTF8.self)
        )
    }

    @Test func canonicalTripIsWrittenAsJSONEncoderWritesIt() throws {
        let trip = try ProtoJSON.decode(Trip.self, from: canonicalTripJSON)
        try Self.expectSameBytes(trip)
        #expect(try ProtoJSON.encode(trip) == ProtoJSON.encodeWithJSONEncoder(trip), "the entry point writes directly")
    }

    @Test func everyFieldOfTripAndVehicleIsWrittenAsJSONEncoderWritesIt() throws {
        var trip = try ProtoJSON.decode(Trip.self, from: canonicalTripJSON)
        trip.intermediateDestinations = [TerminalLocation(point: LatLng(latitude: 43.7, longitude: 7.4))]
        trip.intermediateDestinationIndex = 0
        trip.intermediateDestinationsVersion = ProtoTimestamp(seconds: 1_735_689_600, nanos: 1)
        trip.actualPickupPoint = StopLocation(point: LatLng(latitude: -0.0, longitude: 1e-7))
        trip.vehicleWaypoints = trip.remainingWaypoints
        trip.route = [LatLng(latitude: 90, longitude: -180), LatLng(latitude: 1.5e-5, longitude: 123.456789012345)]
        trip.attributes += [
            TripAttribute(key: "ok", tripAttributeValue: .boolValue(false)),
            TripAttribute(key: "n", tripAttributeValue: .numberValue(0)),
            TripAttribute(key: "quote\"back\\slash/tab\t", tripAttributeValue: .stringValue("ünïcødé 🚕 \u{1}")),
        ]
        try Self.expectSameBytes(trip)

        var vehicle = Vehicle(
            name: "providers/p/vehicles/v", vehicleState: .online, supportedTripTypes: [.exclusive, .shared],
            maximumCapacity: 4, vehicleType: Vehicle.VehicleType(category: .taxi))
        vehicle.currentTrips = ["t1", "t2"]
        vehicle.licensePlate = LicensePlate(countryCode: "MC", lastCharacter: "7")
        vehicle.attributes = [
            VehicleAttribute(key: "colour", value: "blue", vehicleAttributeValue: .stringValue("blue")),
            VehicleAttribute(key: "seats", value: "", vehicleAttributeValue: .numberValue(7)),
            VehicleAttribute(key: "ev", value: "", vehicleAttributeValue: .boolValue(true)),
        ]
        vehicle.currentRouteSegment = "AhYFIoF_XZ6GAPV1plu2AYQNAA=="
        vehicle.currentRouteSegmentTraffic = TrafficPolylineData(
            trafficRendering: VisualTrafficReportPolylineRendering(roadStretch: [
                VisualTrafficReportPolylineRendering.RoadStretch(style: .trafficJam, offsetMeters: 10, lengthMeters: 20)
            ]))
        vehicle.lastLocation = trip.lastLocation
        vehicle.remainingDistanceMeters = 0
        vehicle.etaToFirstWaypoint = ProtoTimestamp(seconds: -62_135_596_800)
        vehicle.remainingTimeSeconds = -1
        vehicle.waypoints = trip.remainingWaypoints
        vehicle.route = [TerminalLocation(point: LatLng(latitude: 1, longitude: 2))]
        vehicle.pastLocations = [trip.lastLocation].compactMap { $0 }
        try Self.expectSameBytes(vehicle)
    }

    /// Every character below 0x80, and some above, in keys and values.
    @Test func stringsAreEscapedAsJSONEncoderEscapesThem() throws {
        var ascii = ""
        for byte in UInt8(0)..<0x80 { ascii.unicodeScalars.append(Unicode.Scalar(byte)) }
        for text in [ascii, "", "é€😀\u{2028}\u{2029}\u{FEFF}\u{7F}", "a/b", "\"", "\\", "\u{1F}x\u{0}"] {
            let (direct, reference) = try Self.field(text, 1)
            #expect(direct == reference)
        }
    }

    /// Integers, powers of ten across the range, the values `description` switches notation at, and random bit
    /// patterns.
    @Test func numbersAreSpelledAsJSONEncoderSpellsThem() throws {
        var numbers: [Double] = [
            0.1, -0.0, 1, 100, 1e15, 1e16, 1e-4, 1e-5, 43.7328119, -122.069699652493, 2.29, 113,
            .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 9_007_199_254_740_992,
        ]
        for exponent in -320...308 { numbers.append(Double("1e\(exponent)")!) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { numbers.append(value) }
            numbers.append((Double.random(in: -180...180, using: &generator) * 1e7).rounded() / 1e7)
        }
        for number in numbers {
            let (direct, reference) = try Self.field("n", number)
            #expect(direct == reference, "\(number)")
        }
    }
}
