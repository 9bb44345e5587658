import Foundation
import Testing

@testable import FleetModel

/// The request and response messages of TripService and VehicleService: proto3 JSON names as in
/// `maps.fleetengine.v1` (checked against google-maps-fleetengine 0.6.1's descriptors), read strictly, written
/// back the same, and asked for in the order the stream reader needs.
@Suite struct RequestMessageTests {
    static let messages: [any ProtoMessage.Type] = [
        CreateTripRequest.self, GetTripRequest.self, UpdateTripRequest.self, DeleteTripRequest.self,
        CreateVehicleRequest.self, GetVehicleRequest.self, UpdateVehicleRequest.self, DeleteVehicleRequest.self,
        ListVehiclesRequest.self, UpdateVehicleAttributesRequest.self, UpdateVehicleAttributesResponse.self,
        ReportBillableTripRequest.self, GeoViewport.self,
    ]

    @Test(arguments: messages.indices)
    func asksForItsFieldsInWrittenOrder(_ index: Int) throws {
        let message = Self.messages[index]
        let recorder = FieldOrderTests.Recorder()
        _ = try? message.init(fields: recorder)
        let names = Array(recorder.asked.dropLast())
        #expect(recorder.asked.last == "finish()", "\(message) does not call finish() last")
        #expect(names == names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }, "\(message)")
    }

    @Test(arguments: messages.indices)
    func putsTheFieldsItReadsInTheSameOrder(_ index: Int) throws {
        let message = Self.messages[index]
        let recorder = FieldOrderTests.Recorder()
        _ = try? message.init(fields: recorder)
        #expect(try FieldOrderTests.putOrder(message) == Array(recorder.asked.dropLast()), "\(message)")
    }

    @Test func everyFieldOfTheV1MessagesIsReadAndWrittenBack() throws {
        let samples: [(any ProtoMessage.Type, String)] = [
            (
                CreateTripRequest.self,
                #"{"header":{"regionCode":"US"},"parent":"providers/p","trip":{"tripType":"EXCLUSIVE"},"tripId":"t1"}"#
            ),
            (
                GetTripRequest.self,
                #"{"currentRouteSegmentTrafficVersion":"2025-01-01T00:00:03Z","#
                    + #""currentRouteSegmentVersion":"2025-01-01T00:00:00Z","header":{"languageCode":"en-US"},"#
                    + #""name":"providers/p/trips/t1","remainingWaypointsRouteVersion":"2025-01-01T00:00:04Z","#
                    + #""remainingWaypointsVersion":"2025-01-01T00:00:02Z","routeFormatType":"ENCODED_POLYLINE_TYPE","#
                    + #""view":"JOURNEY_SHARING_V1S"}"#
            ),
            (
                UpdateTripRequest.self,
                #"{"name":"providers/p/trips/t1","trip":{"vehicleId":"v1"},"updateMask":"vehicleId,tripStatus"}"#
            ),
            (DeleteTripRequest.self, #"{"name":"providers/p/trips/t1"}"#),
            (
                CreateVehicleRequest.self,
                #"{"parent":"providers/p","vehicle":{"maximumCapacity":4},"vehicleId":"v1"}"#
            ),
            (
                GetVehicleRequest.self,
                #"{"currentRouteSegmentVersion":"2025-01-01T00:00:00Z","name":"providers/p/vehicles/v1","#
                    + #""waypointsVersion":"2025-01-01T00:00:01Z"}"#
            ),
            (
                UpdateVehicleRequest.self,
                #"{"name":"providers/p/vehicles/v1","updateMask":"vehicleState","vehicle":{"vehicleState":"ONLINE"}}"#
            ),
            (DeleteVehicleRequest.self, #"{"name":"providers/p/vehicles/v1"}"#),
            (
                ListVehiclesRequest.self,
                #"{"filter":"attributes.zone = \"north\"","header":{"regionCode":"MC"},"maximumStaleness":"300s","#
                    + #""minimumCapacity":0,"onTripOnly":true,"pageSize":10,"pageToken":"djE=","parent":"providers/p","#
                    + #""requiredAttributes":["zone:north"],"requiredOneOfAttributeSets":["a:1|b:2"],"#
                    + #""requiredOneOfAttributes":["c:3|d:4"],"tripTypes":["SHARED","EXCLUSIVE"],"#
                    + #""vehicleState":"ONLINE","vehicleTypeCategories":["AUTO"],"#
                    + #""viewport":{"high":{"latitude":43.75,"longitude":7.44},"low":{"latitude":43.72,"longitude":7.4}}}"#
            ),
            (
                UpdateVehicleAttributesRequest.self,
                #"{"attributes":[{"key":"zone","stringValue":"north","value":"north"}],"name":"providers/p/vehicles/v1"}"#
            ),
            (UpdateVehicleAttributesResponse.self, #"{"attributes":[{"boolValue":true,"key":"child_seat"}]}"#),
            (
                ReportBillableTripRequest.self,
                #"{"countryCode":"MC","name":"providers/p/billableTrips/b1","platform":"SERVER","#
                    + #""relatedIds":["s1","s2"],"solutionType":"ON_DEMAND_RIDESHARING_AND_DELIVERIES"}"#
            ),
        ]
        for (type, json) in samples {
            let decoded = try Self.decode(type, json)
            #expect(try ProtoJSON.encodeString(decoded) == json, "\(type)")
        }
    }

    /// gRPC clients and protobuf's JSON printer may spell names in snake_case; a wrapper set to 0 is still set.
    @Test func snakeCaseNamesAndWrappersAreRead() throws {
        let list = try ProtoJSON.decode(
            ListVehiclesRequest.self,
            from: #"{"minimum_capacity":0,"on_trip_only":true,"required_one_of_attribute_sets":["a:1"]}"#,
            options: .strict)
        #expect(list.minimumCapacity == 0 && list.onTripOnly && list.requiredOneOfAttributeSets == ["a:1"])
        let update = try ProtoJSON.decode(
            UpdateTripRequest.self, from: #"{"update_mask":"trip_status"}"#, options: .strict)
        #expect(update.updateMask?.paths == ["trip_status"])
    }

    @Test func anUnknownFieldIsAnErrorNamingIt() {
        #expect(throws: ProtoJSONError.self) {
            try ProtoJSON.decode(ReportBillableTripRequest.self, from: #"{"header":{}}"#, options: .strict)
        }
        #expect(throws: ProtoJSONError.self) {
            try ProtoJSON.decode(GetTripRequest.self, from: #"{"view":"PANORAMIC"}"#, options: .strict)
        }
    }

    @Test func aFieldMaskKeepsItsPathsAsSent() {
        #expect(ProtoFieldMask(text: "").paths.isEmpty)
        #expect(ProtoFieldMask(text: "a,,b").paths == ["a", "", "b"])
        #expect(ProtoFieldMask(text: "vehicle_id, tripStatus").text == "vehicle_id, tripStatus")
    }

    static func decode(_ type: any ProtoMessage.Type, _ json: String) throws -> any ProtoMessage {
        try ProtoJSON.decode(type, from: json, options: .strict)
    }
}
