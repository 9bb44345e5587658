import Foundation
import Testing

@testable import FleetModel
@testable import ProtoJSONKit

/// Request bodies read strictly (`ProtoJSON.decode(_:body:options:)`): straight from a `JSONTape` when the direct
/// source settles them, else through `JSONDecoder`. Either way the outcome is `JSONDecoder`'s: the same message, or
/// the same error naming the member.
@Suite struct StrictDirectDecodingTests {
    /// The outcome of reading `text` both ways, as comparable text.
    static func outcomes<M: ProtoMessage & Equatable>(
        _ type: M.Type, _ text: String, decodeBody: (Data) throws(ProtoJSONError) -> M
    ) -> (body: String, general: String) {
        func describe(_ read: () throws -> M) -> String {
            do { return "\(try read())" } catch { return "error: \(error)" }
        }
        let data = Data(text.utf8)
        return (
            describe { try decodeBody(data) }, describe { try ProtoJSON.decode(type, from: data, options: .strict) }
        )
    }

    static let vehicleBodies = [
        // A driver's report, as the Driver SDK sends it, and as the city benchmark does.
        #"{"lastLocation":{"location":{"latitude":43.7328119,"longitude":7.4191236},"heading":41,"speed":8.3},"#
            + #""remainingDistanceMeters":1184,"remainingTimeSeconds":173}"#,
        #"{"currentRouteSegment":"AhYFIoF_XZ6GAPV1plu2AYQNAA==","navigationStatus":"ENROUTE_TO_DESTINATION","#
            + #""etaToFirstWaypoint":"2026-01-01T00:02:00Z","#
            + #""currentRouteSegmentEndPoint":{"point":{"latitude":1,"longitude":2}}}"#,
        #"{"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE","SHARED"],"maximumCapacity":4,"#
            + #""vehicleType":{"category":"AUTO"},"attributes":[{"key":"zone","value":"north"}]}"#,
        // Unknown members, at the top and nested: the error names them.
        #"{"lastLocation":{"location":{"latitude":1,"longitude":2}},"colour":"red"}"#,
        #"{"lastLocation":{"location":{"latitude":1,"longitude":2,"altitude":3}}}"#,
        #"{"vehicleType":{"category":"AUTO","wheels":4}}"#,
        #"{"attributes":[{"key":"zone","value":"north","weight":1}]}"#,
        // What the direct source leaves to the general path: null, snake_case, a duplicate, an unknown enum.
        #"{"lastLocation":null,"maximumCapacity":4}"#,
        #"{"maximum_capacity":4,"vehicle_state":"ONLINE"}"#,
        #"{"maximumCapacity":4,"maximumCapacity":5}"#,
        #"{"vehicleState":"PARKED"}"#,
        #"{"vehicleState":7}"#,
        // Not an object, empty, malformed.
        #"[]"#, #"{}"#, #"{"maximumCapacity":}"#, #"{"maximumCapacity":"four"}"#,
    ]

    @Test(arguments: vehicleBodies)
    func aVehicleBodyReadsAsJSONDecoderReadsIt(_ text: String) {
        let (body, general) = Self.outcomes(Vehicle.self, text) { data throws(ProtoJSONError) in
            try ProtoJSON.decode(Vehicle.self, body: data, options: .strict)
        }
        #expect(body == general)
    }

    static let tripBodies = [
        #"{"tripType":"EXCLUSIVE","vehicleId":"v1","numberOfPassengers":2,"#
            + #""pickupPoint":{"point":{"latitude":43.7384,"longitude":7.4246}},"#
            + #""intermediateDestinations":[{"point":{"latitude":43.7401,"longitude":7.4263}}],"#
            + #""dropoffPoint":{"point":{"latitude":43.7442,"longitude":7.4310}}}"#,
        #"{"tripStatus":"ENROUTE_TO_PICKUP"}"#,
        #"{"tripStatus":"ENROUTE_TO_PICKUP","surprise":true}"#,
        #"{"pickupPoint":{"point":{"latitude":1,"longitude":2},"note":"gate"}}"#,
    ]

    @Test(arguments: tripBodies)
    func aTripBodyReadsAsJSONDecoderReadsIt(_ text: String) {
        let (body, general) = Self.outcomes(Trip.self, text) { data throws(ProtoJSONError) in
            try ProtoJSON.decode(Trip.self, body: data, options: .strict)
        }
        #expect(body == general)
    }

    /// The direct source itself: rejecting unknown members, an object with one is a miss (left to the general
    /// path), and the same object without it is read.
    @Test func theDirectSourceMissesOnAnUnknownMemberOnlyWhenRejectingThem() throws {
        func read(_ text: String, rejectUnknownFields: Bool) throws -> LatLng? {
            var text = text
            return try text.withUTF8 { utf8 in
                let bytes = UnsafeRawBufferPointer(utf8)
                var tape = JSONTape()
                let parsed = tape.parse(bytes)
                try #require(parsed)
                return try tape.withRoot(in: bytes, rejectUnknownFields: rejectUnknownFields) { root in
                    try LatLng(fields: try #require(root.fields()))
                }
            }
        }
        let extra = #"{"latitude":1,"longitude":2,"altitude":3}"#
        #expect(try read(extra, rejectUnknownFields: false) == LatLng(latitude: 1, longitude: 2))
        #expect(throws: ProtoDirectDecodingMiss.self) { try read(extra, rejectUnknownFields: true) }
        #expect(
            try read(#"{"latitude":1,"longitude":2}"#, rejectUnknownFields: true) == LatLng(latitude: 1, longitude: 2))
    }
}
