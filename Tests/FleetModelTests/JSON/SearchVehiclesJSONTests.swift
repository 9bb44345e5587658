import Foundation
import Testing

@testable import FleetModel
@testable import ProtoJSONKit

@Suite struct SearchVehiclesJSONTests {
    /// A body shaped like the ones Google's generated REST clients send: enum numbers, every field set.
    @Test func generatedClientRequestDecodes() throws {
        let text = #"""
            {"header": {"regionCode": "MC"}, "parent": "providers/p",
             "pickupPoint": {"point": {"latitude": 43.7384, "longitude": 7.4246}},
             "dropoffPoint": {"point": {"latitude": 43.73, "longitude": 7.42}},
             "pickupRadiusMeters": 2000, "count": 10, "minimumCapacity": 2, "tripTypes": [1],
             "maximumStaleness": "120s", "vehicleTypes": [{"category": 1}, {"category": 2}],
             "requiredAttributes": [{"key": "colour", "stringValue": "blue"}],
             "requiredOneOfAttributes": [{"attributes": [{"key": "a", "value": "1"}, {"key": "b", "boolValue": true}]}],
             "requiredOneOfAttributeSets": [{"attributes": [{"key": "c", "numberValue": 3}]}],
             "orderBy": 3, "includeBackToBack": true, "tripId": "t1", "currentTripsPresent": 2,
             "filter": "attributes.x = \"y\""}
            """#
        let r = try ProtoJSON.decode(SearchVehiclesRequest.self, from: text, options: .strict)
        #expect(r.parent == "providers/p" && r.header?.regionCode == "MC")
        #expect(r.pickupPoint?.point == LatLng(latitude: 43.7384, longitude: 7.4246))
        #expect(r.pickupRadiusMeters == 2000 && r.count == 10 && r.minimumCapacity == 2)
        #expect(r.tripTypes == [.shared] && r.maximumStaleness == ProtoDuration(seconds: 120))
        #expect(r.vehicleTypes.map(\.category) == [.auto, .taxi])
        #expect(r.requiredAttributes == [VehicleAttribute(key: "colour", vehicleAttributeValue: .stringValue("blue"))])
        #expect(r.requiredOneOfAttributes[0].attributes.count == 2)
        #expect(r.requiredOneOfAttributeSets[0].attributes[0].vehicleAttributeValue == .numberValue(3))
        #expect(r.orderBy == .dropoffPointEta && r.includeBackToBack && r.tripId == "t1")
        #expect(r.currentTripsPresent == .any && r.filter == "attributes.x = \"y\"")
        let again = try ProtoJSON.decode(
            SearchVehiclesRequest.self, from: try ProtoJSON.encode(r), options: .strict)
        #expect(again == r)
    }

    @Test func enumNamesAreFleetEngines() throws {
        #expect(
            SearchVehiclesRequest.VehicleMatchOrder.allCases.map(\.protoName) == [
                "UNKNOWN_VEHICLE_MATCH_ORDER", "PICKUP_POINT_ETA", "PICKUP_POINT_DISTANCE", "DROPOFF_POINT_ETA",
                "PICKUP_POINT_STRAIGHT_DISTANCE", "COST",
            ])
        #expect(SearchVehiclesRequest.VehicleMatchOrder.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(
            SearchVehiclesRequest.CurrentTripsPresent.allCases.map(\.protoName) == [
                "CURRENT_TRIPS_PRESENT_UNSPECIFIED", "NONE", "ANY",
            ])
        #expect(
            VehicleMatch.VehicleMatchType.allCases.map(\.protoName) == [
                "UNKNOWN", "EXCLUSIVE", "BACK_TO_BACK", "CARPOOL", "CARPOOL_BACK_TO_BACK",
            ])
        let request = SearchVehiclesRequest(orderBy: .pickupPointStraightDistance)
        #expect(try ProtoJSON.encodeString(request) == #"{"orderBy":"PICKUP_POINT_STRAIGHT_DISTANCE"}"#)
    }

    @Test func responseRoundTripsAndWritesZeroWrappers() throws {
        var match = VehicleMatch(
            vehicle: Vehicle(name: "providers/p/vehicles/v", vehicleState: .online), tripType: .exclusive)
        match.vehiclePickupEta = ProtoTimestamp(seconds: 1_735_689_600)
        match.vehiclePickupDistanceMeters = 0
        match.vehiclePickupStraightLineDistanceMeters = 12
        match.vehicleDropoffEta = ProtoTimestamp(seconds: 1_735_689_700, nanos: 500_000_000)
        match.vehiclePickupToDropoffDistanceMeters = 900
        match.vehicleTripsWaypoints = [
            Waypoint(latLng: LatLng(latitude: 1, longitude: 2), eta: ProtoTimestamp(seconds: 1_735_689_600))
        ]
        match.vehicleMatchType = .backToBack
        match.requestedOrderedBy = .cost
        match.orderedBy = .pickupPointEta
        let response = SearchVehiclesResponse(matches: [match])
        let text = try ProtoJSON.encodeString(response)
        #expect(text.contains(#""vehiclePickupDistanceMeters":0"#))
        #expect(text.contains(#""vehicleTripsWaypoints":[{"eta":"2025-01-01T00:00:00Z","latLng":{"#))
        #expect(text.contains(#""requestedOrderedBy":"COST""#) && text.contains(#""orderedBy":"PICKUP_POINT_ETA""#))
        #expect(try ProtoJSON.decode(SearchVehiclesResponse.self, from: text, options: .strict) == response)
        let numbers = try ProtoJSON.encodeString(response, options: ProtoJSONEncodingOptions(enumsAsIntegers: true))
        #expect(numbers.contains(#""vehicleMatchType":2"#))
    }

    /// As ``FieldOrderTests`` checks for the other messages: fields asked in the byte order of their names, so
    /// ``JSONStream`` reads them in one pass.
    @Test(
        arguments: [
            SearchVehiclesRequest.self, SearchVehiclesResponse.self, VehicleMatch.self, Waypoint.self,
            VehicleAttributeList.self,
        ] as [any ProtoMessage.Type])
    func asksForItsFieldsInWrittenOrder(_ message: any ProtoMessage.Type) {
        let recorder = FieldOrderTests.Recorder()
        _ = try? message.init(fields: recorder)
        let names = recorder.asked.dropLast()
        #expect(recorder.asked.last == "finish()")
        #expect(zip(names, names.dropFirst()).allSatisfy { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test func unknownFieldsAndEnumValuesAreRejected() {
        #expect(throws: ProtoJSONError.self) {
            try ProtoJSON.decode(SearchVehiclesRequest.self, from: #"{"pickupRadius": 400}"#, options: .strict)
        }
        #expect(throws: ProtoJSONError.self) {
            try ProtoJSON.decode(SearchVehiclesRequest.self, from: #"{"orderBy": "NEAREST"}"#, options: .strict)
        }
    }
}
