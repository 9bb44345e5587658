import FleetEngineProto
import Foundation
import SwiftProtobuf
import Testing

/// The generated messages against Google's own encodings of the same values: if a field number, type or JSON name
/// in Protos/ drifted, a message would no longer decode from Google's bytes or text into the one built in Swift.
@Suite struct MessageEncodingTests {
    @Test func aTripRoundTripsThroughBinaryAndMatchesGooglesBytes() throws {
        let trip = TripFixture.trip
        let ours: [UInt8] = try trip.serializedBytes()
        #expect(try Maps_Fleetengine_V1_Trip(serializedBytes: ours) == trip)

        let google = try #require(Data(base64Encoded: GoogleEncodings.tripBinaryBase64))
        #expect(try Maps_Fleetengine_V1_Trip(serializedBytes: google) == trip)
        // Both runtimes write fields in number order, so the same message is the same bytes.
        #expect(ours == [UInt8](google))
    }

    @Test func aTripRoundTripsThroughProto3JSONAndMatchesGooglesText() throws {
        let trip = TripFixture.trip
        let ours = try trip.jsonString()
        #expect(try Maps_Fleetengine_V1_Trip(jsonString: ours) == trip)
        #expect(try Maps_Fleetengine_V1_Trip(jsonString: GoogleEncodings.tripJSON) == trip)
        #expect(try canonical(ours) == canonical(GoogleEncodings.tripJSON))
    }

    /// int64 as a JSON string, float, repeated strings and enums: the kinds a Trip does not have.
    @Test func aVehicleListRoundTripsAndMatchesGooglesEncodings() throws {
        let vehicles = TripFixture.vehicles
        let google = try #require(Data(base64Encoded: GoogleEncodings.vehiclesBinaryBase64))
        #expect(try Maps_Fleetengine_V1_ListVehiclesResponse(serializedBytes: google) == vehicles)
        #expect(try vehicles.serializedBytes() == [UInt8](google))

        let json = try vehicles.jsonString()
        #expect(json.contains(#""totalSize":"12345678901""#))
        #expect(try Maps_Fleetengine_V1_ListVehiclesResponse(jsonString: GoogleEncodings.vehiclesJSON) == vehicles)
        #expect(try canonical(json) == canonical(GoogleEncodings.vehiclesJSON))
    }

    /// Wrapper types keep a set zero, where a plain int32 at zero is absent: `"heading": 0` means north.
    @Test func wrappedZeroesAreWrittenAndPlainZeroesAreNot() throws {
        var trip = Maps_Fleetengine_V1_Trip()
        trip.remainingDistanceMeters = Google_Protobuf_Int32Value(0)
        trip.numberOfPassengers = 0
        let json = try trip.jsonString()
        #expect(json == #"{"remainingDistanceMeters":0}"#)
    }

    /// Google's generated REST clients send enums as numbers; the gaps in LocationSensor's numbers are kept.
    @Test func enumsReadByNameOrNumber() throws {
        let byNumber = try Maps_Fleetengine_V1_VehicleLocation(
            jsonString: #"{"locationSensor": 100, "rawLocationSensor": "CORE_LOCATION"}"#
        )
        #expect(byNumber.locationSensor == .fusedLocationProvider)
        #expect(byNumber.rawLocationSensor == .coreLocation)
        #expect(Maps_Fleetengine_V1_LocationSensor.coreLocation.rawValue == 200)
    }

    /// Like Google's parser, an unknown field is an error unless the reader is told to skip it.
    @Test func unknownJSONFieldsAreRejectedUnlessIgnored() throws {
        let text = #"{"name": "providers/p/trips/t", "fare": 12}"#
        #expect(throws: (any Error).self) { try Maps_Fleetengine_V1_Trip(jsonString: text) }
        var options = JSONDecodingOptions()
        options.ignoreUnknownFields = true
        #expect(try Maps_Fleetengine_V1_Trip(jsonString: text, options: options).name == "providers/p/trips/t")
    }

    /// JSON text with sorted keys and no whitespace, so two writers' texts compare by content.
    private func canonical(_ text: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
