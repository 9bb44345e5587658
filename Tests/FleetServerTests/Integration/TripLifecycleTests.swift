import FleetModel
import FleetServer
import Foundation
import TestSupport
import Testing

/// A whole trip driven over HTTP: a vehicle reports positions and an S2 route segment, and GetTrip shows what
/// Fleet Engine derives from them.
@Suite struct TripLifecycleTests {
    static let pickup = LatLng(latitude: 43.7384, longitude: 7.4246)
    static let dropoff = LatLng(latitude: 43.7500, longitude: 7.4400)
    static let start = LatLng(latitude: 43.7300, longitude: 7.4200)
    static let middle = LatLng(latitude: 43.7340, longitude: 7.4230)

    func report(
        _ server: TestServer, at location: LatLng, segment: [LatLng], meters: Int, seconds: Int
    ) async throws -> TestResponse {
        let driver = try await server.token(AuthorizationClaims(vehicleid: "v1"))
        let body = """
            {"lastLocation":{"location":{"latitude":\(location.latitude),"longitude":\(location.longitude)},"heading":20,"speed":8.5,"updateTime":"2025-01-01T00:00:00Z"},
             "currentRouteSegment":"\(S2Polyline.encode(segment))",
             "currentRouteSegmentEndPoint":{"tripId":"t1","waypointType":"PICKUP_WAYPOINT_TYPE"},
             "remainingDistanceMeters":\(meters),"remainingTimeSeconds":\(seconds),
             "currentRouteSegmentTraffic":{"trafficRendering":{"roadStretch":[{"style":"SLOWER_TRAFFIC","offsetMeters":100,"lengthMeters":200}]}}}
            """
        let mask =
            "lastLocation,currentRouteSegment,currentRouteSegmentEndPoint,remainingDistanceMeters,remainingTimeSeconds,currentRouteSegmentTraffic"
        return try await server.request(
            .PUT, "/v1/providers/p/vehicles/v1?updateMask=\(mask)", token: driver, body: body)
    }

    func setStatus(_ server: TestServer, _ status: String) async throws -> TestResponse {
        try await server.request(
            .PUT, "/v1/providers/p/trips/t1?updateMask=tripStatus",
            token: server.token(AuthorizationClaims(vehicleid: "v1")),
            body: #"{"tripStatus":"\#(status)"}"#)
    }

    @Test func vehicleReportsBecomeTheTripsRouteEtaAndWaypoints() async throws {
        try await withTestServer { server in
            try await server.createVehicle("v1")
            let created = try await server.createTrip("t1", vehicle: "v1").trip()
            #expect(created.name == "providers/p/trips/t1")
            #expect(created.tripStatus == .new)
            #expect(created.vehicleWaypoints.map(\.waypointType) == [.pickupWaypointType, .dropOffWaypointType])

            let segment = [Self.start, Self.middle, Self.pickup]
            let reported = try await report(server, at: Self.start, segment: segment, meters: 1200, seconds: 180)
            #expect(reported.status == 200, "\(reported.body)")
            let vehicle = try reported.vehicle()
            #expect(vehicle.currentTrips == ["t1"])
            #expect(vehicle.lastLocation?.serverTime != nil)
            #expect(vehicle.currentRouteSegmentVersion != nil)
            #expect(try await setStatus(server, "ENROUTE_TO_PICKUP").status == 200)

            let consumer = try await server.token(AuthorizationClaims(tripid: "t1"))
            let got = try await server.request(
                .GET, "/v1/providers/p/trips/t1?routeFormatType=ENCODED_POLYLINE_TYPE", token: consumer)
            let trip = try got.trip()
            #expect(trip.tripStatus == .enrouteToPickup)
            #expect(trip.lastLocation?.location == Self.start)
            #expect(trip.lastLocation?.heading == 20)
            #expect(trip.currentRouteSegment == S2Polyline.encode(segment))
            #expect(trip.route.isEmpty)
            #expect(trip.currentRouteSegmentVersion == vehicle.currentRouteSegmentVersion)
            #expect(trip.currentRouteSegmentEndPoint?.waypointType == .pickupWaypointType)
            #expect(trip.currentRouteSegmentEndPoint?.location?.point == Self.pickup)
            #expect(trip.remainingDistanceMeters == 1200)
            let remaining = try #require(trip.remainingTimeToFirstWaypoint)
            #expect(remaining.seconds <= 180 && remaining.seconds >= 120)
            #expect(trip.etaToFirstWaypoint == trip.remainingWaypoints.first?.eta)
            #expect(trip.remainingWaypoints.map(\.waypointType) == [.pickupWaypointType, .dropOffWaypointType])
            #expect(trip.remainingWaypoints.map(\.tripId) == ["t1", "t1"])
            #expect(trip.remainingWaypoints[0].distanceMeters == 1200)
            let leg = Int32(Geo.distance(Self.pickup, Self.dropoff).rounded())
            #expect(trip.remainingWaypoints[1].distanceMeters == leg)
            #expect(try #require(trip.remainingWaypoints[1].eta) > #require(trip.remainingWaypoints[0].eta))
            #expect(trip.pickupTime == trip.remainingWaypoints[0].eta)
            #expect(trip.dropoffTime == trip.remainingWaypoints[1].eta)
            let traffic = try #require(trip.currentRouteSegmentTraffic)
            #expect(traffic.speedReadingInterval.map(\.speed).contains(.slow))
            #expect(traffic.speedReadingInterval.first?.speed == .normal)
            #expect(try S2Polyline.decode(traffic.encodedPathToWaypoint).count > segment.count)
            #expect(!got.body.contains("vehicleWaypoints"))

            // The default route format is the point list.
            let plain = try await server.request(.GET, "/v1/providers/p/trips/t1", token: consumer).trip()
            #expect(plain.route.count == 3)
            #expect(plain.currentRouteSegment.isEmpty)
        }
    }

    @Test func deltaPollingOmitsAnUnchangedRouteUntilTheVehicleReportsANewOne() async throws {
        try await withTestServer { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            _ = try await report(
                server, at: Self.start, segment: [Self.start, Self.middle, Self.pickup], meters: 1200, seconds: 180)
            let consumer = try await server.token(AuthorizationClaims(tripid: "t1"))
            let first = try await server.request(
                .GET, "/v1/providers/p/trips/t1?routeFormatType=ENCODED_POLYLINE_TYPE", token: consumer
            ).trip()
            let version = try #require(first.currentRouteSegmentVersion)

            let again = try await server.request(
                .GET,
                "/v1/providers/p/trips/t1?routeFormatType=ENCODED_POLYLINE_TYPE&currentRouteSegmentVersion=\(version.rfc3339)",
                token: consumer
            ).trip()
            #expect(again.currentRouteSegment.isEmpty)
            #expect(again.route.isEmpty)
            #expect(again.currentRouteSegmentVersion == version)
            #expect(again.remainingDistanceMeters == 1200)
            #expect(again.lastLocation != nil)

            // Same segment reported again: still unchanged.
            _ = try await report(
                server, at: Self.middle, segment: [Self.start, Self.middle, Self.pickup], meters: 700, seconds: 100)
            let same = try await server.request(
                .GET, "/v1/providers/p/trips/t1?currentRouteSegmentVersion=\(version.rfc3339)", token: consumer
            ).trip()
            #expect(same.route.isEmpty)
            #expect(same.remainingDistanceMeters == 700)

            try await Task.sleep(for: .milliseconds(5))
            _ = try await report(
                server, at: Self.middle, segment: [Self.middle, Self.pickup], meters: 650, seconds: 90)
            let changed = try await server.request(
                .GET, "/v1/providers/p/trips/t1?currentRouteSegmentVersion=\(version.rfc3339)", token: consumer
            ).trip()
            #expect(changed.route == (try S2Polyline.decode(S2Polyline.encode([Self.middle, Self.pickup]))))
            #expect(try #require(changed.currentRouteSegmentVersion) > version)
        }
    }

    @Test func statusesRunToCompleteWhichIsFinal() async throws {
        try await withTestServer { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            _ = try await report(server, at: Self.start, segment: [Self.start, Self.pickup], meters: 900, seconds: 120)
            for status in ["ENROUTE_TO_PICKUP", "ARRIVED_AT_PICKUP", "ENROUTE_TO_DROPOFF"] {
                let answer = try await setStatus(server, status)
                #expect(answer.status == 200, "\(status): \(answer.body)")
            }
            let serverToken = try await server.serverToken()
            let enroute = try await server.request(.GET, "/v1/providers/p/trips/t1", token: serverToken).trip()
            #expect(enroute.remainingWaypoints.map(\.waypointType) == [.dropOffWaypointType])
            #expect(enroute.currentRouteSegmentEndPoint?.waypointType == .dropOffWaypointType)
            // The segment to the pickup no longer applies: the route is a straight line from the vehicle.
            #expect(enroute.route == [Self.start, Self.dropoff])
            #expect(enroute.pickupTime != nil)

            #expect(try await setStatus(server, "COMPLETE").status == 200)
            let done = try await server.request(.GET, "/v1/providers/p/trips/t1", token: serverToken).trip()
            #expect(done.tripStatus == .complete)
            #expect(done.route.isEmpty && done.remainingWaypoints.isEmpty && done.remainingDistanceMeters == nil)
            #expect(done.dropoffTime != nil)
            let vehicle = try await server.request(.GET, "/v1/providers/p/vehicles/v1", token: serverToken).vehicle()
            #expect(vehicle.currentTrips.isEmpty)
            #expect(vehicle.waypoints.isEmpty)

            try await setStatus(server, "ENROUTE_TO_DROPOFF").expectError(400, "FAILED_PRECONDITION")
            let deleted = try await server.request(.DELETE, "/v1/providers/p/trips/t1", token: serverToken)
            #expect(deleted.status == 200 && deleted.body == "{}")
            try await server.request(.GET, "/v1/providers/p/trips/t1", token: serverToken).expectError(404, "NOT_FOUND")
        }
    }

    @Test func searchTripsFindsAVehiclesActiveTripsAndPages() async throws {
        try await withTestServer { server in
            try await server.createVehicle("v1")
            for id in ["a", "b", "c"] { try await server.createTrip(id, vehicle: "v1") }
            try await server.createTrip("other")
            let driver = try await server.token(AuthorizationClaims(vehicleid: "v1"))
            let page1 = try await server.request(
                .POST, "/v1/providers/p/trips:search", token: driver,
                body: #"{"vehicleId":"v1","activeTripsOnly":true,"pageSize":2}"#)
            #expect(page1.status == 200, "\(page1.body)")
            let first = try ProtoJSON.decode(SearchTripsResponse.self, from: page1.body, options: .strict)
            #expect(first.trips.map(\.name) == ["providers/p/trips/a", "providers/p/trips/b"])
            #expect(!first.nextPageToken.isEmpty)
            let page2 = try await server.request(
                .POST, "/v1/providers/p/trips:search", token: driver,
                body: #"{"vehicleId":"v1","activeTripsOnly":true,"pageSize":2,"pageToken":"\#(first.nextPageToken)"}"#)
            let second = try ProtoJSON.decode(SearchTripsResponse.self, from: page2.body, options: .strict)
            #expect(second.trips.map(\.name) == ["providers/p/trips/c"])
            #expect(second.nextPageToken.isEmpty)

            // minimumStaleness: only trips not written within that long.
            let serverToken = try await server.serverToken()
            let stale = try await server.request(
                .POST, "/v1/providers/p/trips:search", token: serverToken, body: #"{"minimumStaleness":"3600s"}"#)
            #expect(try ProtoJSON.decode(SearchTripsResponse.self, from: stale.body).trips.isEmpty)
            let any = try await server.request(
                .POST, "/v1/providers/p/trips:search", token: serverToken, body: #"{"minimumStaleness":"0s"}"#)
            #expect(try ProtoJSON.decode(SearchTripsResponse.self, from: any.body).trips.count == 4)
        }
    }

    @Test func vehiclesAreListedWithFiltersAndCannotBeDeletedWhileServing() async throws {
        try await withTestServer { server in
            try await server.createVehicle("v1")
            try await server.createVehicle("v2")
            try await server.createTrip("t1", vehicle: "v1")
            let token = try await server.serverToken()
            let list = try await server.request(.GET, "/v1/providers/p/vehicles?onTrip=true", token: token)
            let listed = try ProtoJSON.decode(ListVehiclesResponse.self, from: list.body, options: .strict)
            #expect(listed.vehicles.map(\.name) == ["providers/p/vehicles/v1"])
            #expect(list.json["totalSize"] as? String == "1")
            let all = try await server.request(
                .GET, "/v1/providers/p/vehicles?pageSize=1&vehicleTypeCategories=AUTO", token: token)
            #expect(try ProtoJSON.decode(ListVehiclesResponse.self, from: all.body).nextPageToken.isEmpty == false)

            try await server.request(.DELETE, "/v1/providers/p/vehicles/v1", token: token).expectError(
                400, "FAILED_PRECONDITION")
            try await server.request(.DELETE, "/v1/providers/p/trips/t1", token: token).expectError(
                400, "FAILED_PRECONDITION")
            #expect(try await server.request(.DELETE, "/v1/providers/p/vehicles/v2", token: token).status == 200)
        }
    }
}
