import FleetModel
import Foundation
import TestSupport
import Testing

@testable import FleetServer

/// `serve --log-export` writes each call as Google's Fleet Engine writes it to Cloud Logging: held here, method by
/// method, to the real export in `Tests/Fixtures/jump-demo.json` (keys at each level, enum spellings).
@Suite struct LogExportShapeTests {
    /// Every key path of a JSON value (`.jsonPayload.response.lastLocation.locSensor`, arrays as `[]`), with Google's
    /// opaque `…Handle` twins named as the geometry they stand for (`locationHandle` → `location`): the local server
    /// writes the geometry itself, as a Restricted Use entry would.
    static func paths(_ value: Any, _ prefix: String = "", into set: inout Set<String>) {
        if let object = value as? [String: Any] {
            for (key, member) in object {
                let name = key.hasSuffix("Handle") ? String(key.dropLast("Handle".count)) : key
                set.insert(prefix + "." + name)
                paths(member, prefix + "." + name, into: &set)
            }
        } else if let items = value as? [Any] {
            for item in items { paths(item, prefix + "[]", into: &set) }
        }
    }

    /// Enum-like string values (`TRIP_STATUS_NEW`) by key path.
    static func enumValues(_ value: Any, _ prefix: String = "", into values: inout [String: Set<String>]) {
        if let object = value as? [String: Any] {
            for (key, member) in object { enumValues(member, prefix + "." + key, into: &values) }
        } else if let items = value as? [Any] {
            for item in items { enumValues(item, prefix + "[]", into: &values) }
        } else if let text = value as? String, text.count > 2,
            text.allSatisfy({ $0.isUppercase || $0 == "_" })
        {
            values[prefix, default: []].insert(text)
        }
    }

    static func keys(_ value: Any?) -> Set<String> { Set((value as? [String: Any])?.keys.map { $0 } ?? []) }

    static func method(of entry: [String: Any]) -> String {
        (entry["logName"] as? String ?? "").components(separatedBy: "%2F").last ?? ""
    }

    /// The real export's entries, by log id (`update_vehicle`).
    static func realEntries() throws -> [String: [[String: Any]]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: try Repository.file("Tests/Fixtures/jump-demo.json")))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(document["rawLogs"] as? [[String: Any]])
        return Dictionary(grouping: entries, by: method)
    }

    /// What the server wrote, by log id.
    static func exported(_ path: String) throws -> [String: [[String: Any]]] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let entries = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        return Dictionary(grouping: entries, by: method)
    }

    /// Fields the local server writes that the real sample happens not to show, with what is under them: each is a
    /// field of the log message (`TripLog`, `VehicleLog` in Google's Cloud Logging reference; the 2025 export in the
    /// reference notes shows `tripType` as `EXCLUSIVE_TRIP`, and Restricted Use entries carry the waypoints), set here
    /// because the server derives it or the call sent it.
    static let fieldsTheSampleDoesNotShow: [String] = [
        ".jsonPayload.request.trip.tripType", ".jsonPayload.response.tripType",
        ".jsonPayload.request.trip.pickupPoint.point", ".jsonPayload.request.trip.dropoffPoint.point",
        ".jsonPayload.response.pickupPoint.point", ".jsonPayload.response.dropoffPoint.point",
        ".jsonPayload.response.vehicleWaypoints", ".jsonPayload.response.waypoints",
        ".jsonPayload.response.waypointsVersion", ".jsonPayload.response.currentRouteSegmentVersion",
        ".jsonPayload.response.currentRouteSegmentEndPoint.location.point",
        ".jsonPayload.response.lastLocation.location", ".jsonPayload.response.lastLocation.updateTime",
        ".jsonPayload.request.vehicle.lastLocation.location",
        ".jsonPayload.request.vehicle.currentRouteSegmentEndPoint.tripId",
        ".jsonPayload.request.vehicle.currentRouteSegmentEndPoint.type",
        ".jsonPayload.request.vehicle.vehicleType",
    ]

    static func sampleDoesNotShow(_ path: String) -> Bool {
        fieldsTheSampleDoesNotShow.contains { path == $0 || path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[]") }
    }

    /// One call of each kind jump-demo.json holds, made over REST as the Driver SDK and a provider make them, and one
    /// of each it does not (GetTrip, SearchVehicles).
    static func makeCalls(_ server: TestServer) async throws {
        let header = "header.languageCode=en&header.regionCode=US"
        let provider = try await server.serverToken()
        let vehicle =
            #"{"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE","SHARED"],"maximumCapacity":4,"vehicleType":{"category":"AUTO"},"backToBackEnabled":true}"#
        try await server.request(
            .POST, "/v1/providers/p/vehicles?vehicleId=v1&\(header)", token: provider, body: vehicle
        )
        .require(200)
        try await server.request(
            .POST, "/v1/providers/p/vehicles?vehicleId=v1&\(header)", token: provider, body: vehicle
        )
        .require(409)
        try await server.request(
            .POST, "/v1/providers/p/trips?tripId=t1&\(header)", token: provider,
            body:
                #"{"tripStatus":"NEW","tripType":"EXCLUSIVE","pickupPoint":{"point":{"latitude":43.7384,"longitude":7.4246}},"dropoffPoint":{"point":{"latitude":43.75,"longitude":7.44}}}"#
        ).require(200)
        try await server.request(
            .PUT, "/v1/providers/p/trips/t1?updateMask=vehicleId,tripStatus&\(header)", token: provider,
            body: #"{"vehicleId":"v1","tripStatus":"ENROUTE_TO_PICKUP"}"#
        ).require(200)
        let driver = try await server.token(AuthorizationClaims(vehicleid: "v1"))
        let report = """
            {"vehicleState":"ONLINE","lastLocation":{"location":{"latitude":43.73,"longitude":7.42},"heading":20,\
            "speed":8.5,"locationSensor":"ROAD_SNAPPED_LOCATION_PROVIDER","rawLocation":{"latitude":43.73,\
            "longitude":7.42}},"navigationStatus":"ENROUTE_TO_DESTINATION","remainingDistanceMeters":900,\
            "remainingTimeSeconds":120,"currentRouteSegmentEndPoint":{"tripId":"t1","waypointType":"PICKUP_WAYPOINT_TYPE"}}
            """
        let mask =
            "vehicleState,lastLocation,navigationStatus,remainingDistanceMeters,remainingTimeSeconds,currentRouteSegmentEndPoint"
        try await server.request(
            .PUT, "/v1/providers/p/vehicles/v1?updateMask=\(mask)&\(header)", token: driver, body: report
        ).require(200)
        let rider = try await server.token(AuthorizationClaims(tripid: "t1"))
        try await server.request(.GET, "/v1/providers/p/trips/t1?\(header)", token: rider).require(200)
        try await server.request(
            .POST, "/v1/providers/p/vehicles:search", token: provider,
            body:
                #"{"header":{"regionCode":"US"},"pickupPoint":{"point":{"latitude":43.7384,"longitude":7.4246}},"pickupRadiusMeters":2000,"count":5,"minimumCapacity":1,"tripTypes":["EXCLUSIVE"],"vehicleTypes":[{"category":"AUTO"}],"orderBy":"PICKUP_POINT_ETA"}"#
        ).require(200)
    }

    @Test func eachMethodsEntryHasTheRealExportsShape() async throws {
        let directory = try Repository.temporaryDirectory("log-export")
        let path = directory.appendingPathComponent("calls.jsonl").path
        let server = try await TestServer.start(logExport: path)
        do {
            try await Self.makeCalls(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        let real = try Self.realEntries()
        let ours = try Self.exported(path)
        #expect(
            Set(ours.keys)
                == ["create_vehicle", "create_trip", "update_trip", "update_vehicle", "get_trip", "search_vehicles"])

        for (method, entries) in ours {
            for entry in entries {
                let failed = entry["severity"] != nil
                // Envelope, resource and payload: the same keys as a real entry of the same outcome.
                let model = try #require(
                    (real[method] ?? real["update_vehicle"]!).first { ($0["severity"] != nil) == failed })
                #expect(Self.keys(entry) == Self.keys(model), "\(method)")
                #expect(Self.keys(entry["resource"]) == Self.keys(model["resource"]))
                let resource = try #require(entry["resource"] as? [String: Any])
                #expect(resource["type"] as? String == "fleetengine.googleapis.com/Fleet")
                #expect(Self.keys(resource["labels"]) == ["location", "resource_container"])
                #expect(entry["logName"] as? String == "projects/p/logs/fleetengine.googleapis.com%2F\(method)")
                let payload = try #require(entry["jsonPayload"] as? [String: Any])
                #expect(Self.keys(payload) == Self.keys(model["jsonPayload"]), "\(method)")
                let type = try #require(payload["@type"] as? String)
                #expect(type.hasPrefix("type.googleapis.com/maps.fleetengine.v1.") && type.hasSuffix("Log"))
                #expect(Self.keys(entry["labels"]).contains("environment"))
                guard let examples = real[method] else { continue }

                // The request's own fields are those a real request of the method has.
                let request = try #require(payload["request"] as? [String: Any])
                let realRequestKeys = examples.reduce(into: Set<String>()) {
                    $0.formUnion(Self.keys(($1["jsonPayload"] as? [String: Any])?["request"]))
                }
                #expect(Self.keys(request).isSubset(of: realRequestKeys), "\(method): \(Self.keys(request))")
                #expect(Self.keys(request).contains("header"))

                // Every key path is one the real export has (or a field it happens not to show, listed above)...
                var realPaths = Set<String>()
                var realEnums: [String: Set<String>] = [:]
                for example in examples {
                    Self.paths(example, into: &realPaths)
                    Self.enumValues(example, into: &realEnums)
                }
                var ourPaths = Set<String>()
                Self.paths(entry, into: &ourPaths)
                let unknown = ourPaths.subtracting(realPaths).filter { !Self.sampleDoesNotShow($0) }
                #expect(unknown.isEmpty, "\(method): \(unknown.sorted())")
                // ...and every enum value is spelt as the real export spells it where it shows that field.
                var ourEnums: [String: Set<String>] = [:]
                Self.enumValues(entry, into: &ourEnums)
                for (path, values) in ourEnums where realEnums[path] != nil && !path.hasPrefix(".labels") {
                    #expect(values.isSubset(of: realEnums[path]!), "\(method) \(path): \(values)")
                }
            }
        }

        // The spellings the issue names, where the calls above set them.
        let vehicle = try #require(ours["update_vehicle"]?.first)
        let response = try #require((vehicle["jsonPayload"] as? [String: Any])?["response"] as? [String: Any])
        #expect(response["state"] as? String == "VEHICLE_STATE_ONLINE")
        #expect(response["navStatus"] as? String == "NAVIGATION_STATUS_ENROUTE_TO_DESTINATION")
        #expect(response["supportedTrips"] as? [String] == ["EXCLUSIVE_TRIP", "SHARED_TRIP"])
        #expect(
            (response["lastLocation"] as? [String: Any])?["locSensor"] as? String
                == "LOCATION_SENSOR_ROAD_SNAPPED_LOCATION_PROVIDER")
        #expect(Self.keys(vehicle["labels"]) == ["environment", "trip_id", "vehicle_id"])
        let trip = try #require(ours["update_trip"]?.first)
        let tripResponse = try #require((trip["jsonPayload"] as? [String: Any])?["response"] as? [String: Any])
        #expect(tripResponse["status"] as? String == "TRIP_STATUS_ENROUTE_TO_PICKUP")
        #expect(tripResponse["tripStatus"] == nil)
        #expect(tripResponse["tripType"] as? String == "EXCLUSIVE_TRIP")
        let failure = try #require(ours["create_vehicle"]?.first { $0["severity"] != nil })
        let error = try #require((failure["jsonPayload"] as? [String: Any])?["errorResponse"] as? [String: Any])
        #expect(error["code"] as? String == "ALREADY_EXISTS")
        #expect(error["httpStatusCode"] as? Int == 409)
    }

    /// The Deliveries API's calls, as Fleet Debugger's deliveries datasets hold them (deliveries reference §7): the
    /// `DeliveryFleet` resource, `task_id` and `delivery_vehicle_id` labels, and the `_LOG_` enum spellings.
    @Test func deliveryEntriesHaveTheDeliveriesLogShape() async throws {
        let path = try Repository.temporaryDirectory("log-export").appendingPathComponent("day.jsonl").path
        let server = try await TestServer.start(logExport: path)
        do {
            let token = try await server.serverToken()
            try await server.request(
                .POST, "/v1/providers/p/deliveryVehicles?deliveryVehicleId=van-1", token: token,
                body: #"{"lastLocation":{"location":{"latitude":43.7347,"longitude":7.4206}}}"#
            ).require(200)
            try await server.request(
                .POST, "/v1/providers/p/tasks?taskId=t1", token: token,
                body:
                    #"{"type":"DELIVERY","state":"OPEN","trackingId":"parcel-1","taskDuration":"60s","plannedLocation":{"point":{"latitude":43.7396,"longitude":7.4275}}}"#
            ).require(200)
            try await server.request(
                .PATCH, "/v1/providers/p/deliveryVehicles/van-1?updateMask=remainingVehicleJourneySegments",
                token: token,
                body:
                    #"{"remainingVehicleJourneySegments":[{"stop":{"state":"NEW","plannedLocation":{"point":{"latitude":43.7396,"longitude":7.4275}},"tasks":[{"taskId":"t1"}]}}]}"#
            ).require(200)
            try await server.request(
                .PATCH, "/v1/providers/p/tasks/t1?updateMask=taskOutcome", token: token,
                body: #"{"taskOutcome":"SUCCEEDED"}"#
            ).require(200)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        let ours = try Self.exported(path)
        #expect(Set(ours.keys) == ["create_delivery_vehicle", "create_task", "update_delivery_vehicle", "update_task"])
        let model = try #require(try Self.realEntries()["update_vehicle"]?.first)
        for entry in ours.values.joined() {
            #expect(Self.keys(entry) == Self.keys(model))
            #expect(
                (entry["resource"] as? [String: Any])?["type"] as? String == "fleetengine.googleapis.com/DeliveryFleet")
            #expect(Self.keys(entry["jsonPayload"]) == ["@type", "request", "response"])
        }
        let task = try #require(ours["update_task"]?.first)
        #expect(
            task["labels"] as? [String: String] == [
                "delivery_vehicle_id": "van-1", "environment": "local", "task_id": "t1",
            ])
        let payload = try #require(task["jsonPayload"] as? [String: Any])
        #expect(payload["@type"] as? String == "type.googleapis.com/maps.fleetengine.v1.UpdateTaskLog")
        #expect(Self.keys(payload["request"]) == ["taskId", "task", "updateMask"])
        let response = try #require(payload["response"] as? [String: Any])
        #expect(response["state"] as? String == "TASK_STATE_LOG_OPEN")
        #expect(response["type"] as? String == "TASK_TYPE_LOG_DELIVERY")
        #expect(response["taskOutcome"] as? String == "TASK_OUTCOME_LOG_SUCCEEDED")
        let van = try #require(ours["update_delivery_vehicle"]?.first)
        let stops =
            ((van["jsonPayload"] as? [String: Any])?["response"] as? [String: Any])?[
                "remainingVehicleJourneySegments"] as? [[String: Any]]
        #expect((stops?.first?["stop"] as? [String: Any])?["state"] as? String == "VEHICLE_STOP_STATE_LOG_NEW")
    }
}
