import FleetModel
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FleetClient
@testable import TripFollowing

/// A ``TripModel`` following a trip over HTTP from a loopback fake, through failures and back.
@Suite struct FleetEngineBackendTests {
    typealias F = ClientFixtures
    static let v1 = ProtoTimestamp(seconds: 1_735_689_600)
    static let v2 = ProtoTimestamp(seconds: 1_735_689_700)
    static let routeA = [F.pickup, LatLng(latitude: 37.78, longitude: -122.41), F.dropoff]
    static let routeB = [LatLng(latitude: 37.79, longitude: -122.40), F.dropoff]

    static func enroute() -> Trip { F.trip(.enrouteToPickup, routeVersion: v1, route: routeA) }

    /// The same trip as the server sends it when the route has not changed since `v1`: no route at all.
    static func enrouteRouteOmitted() -> Trip {
        var trip = enroute()
        trip.route = []
        trip.currentRouteSegmentVersion = nil
        return trip
    }

    @Test func followsATripThroughFailuresToItsEnd() async throws {
        let script: [FakeFleetEngine.Reply] = [
            .json(F.json(Self.enroute())),
            .json(F.json(Self.enrouteRouteOmitted())),
            .googleError(
                status: 503, code: "UNAVAILABLE", message: "backend restarting", headers: ["Retry-After": "3"]),
            .truncated(#"{"name": "providers/my-project/tr"#, declaredLength: 400),
            .json(F.json(F.trip(.enrouteToDropoff, routeVersion: Self.v2, route: Self.routeB))),
            .googleError(status: 403, code: "PERMISSION_DENIED", message: "token is for another trip"),
            .json(F.json(F.trip(.complete))),
        ]
        try await FakeFleetEngine.with(script: script) { fake in
            try await F.withClient(fake, tokens: FixedTokenProvider(token: "tok")) { client in
                let backend = FleetEngineBackend(client: client, now: { Date(timeIntervalSince1970: 0) })
                let model = TripModel(tripName: F.tripName, backend: backend, options: TripModelOptions(jitterSeed: 1))
                let events = EventCollector()
                await model.register(events)

                await model.refresh()
                #expect(await events.take() == ["status ENROUTE_TO_PICKUP", "route 3", "pickup", "dropoff", "trip"])
                let observed = try #require(await model.observedAt)
                #expect(
                    observed.nanos == 0 && observed.date.timeIntervalSinceNow > -600,
                    "stamped from the Date header: \(observed)")

                await model.refresh()
                #expect(await events.take() == [], "an omitted, unchanged route is no change")
                #expect(await model.trip?.route == Self.routeA)
                #expect(await backend.reusedRouteCount == 1)

                await model.refresh()
                #expect(await events.take() == ["error UNAVAILABLE recoverable"])
                #expect(await model.retryDelay >= .seconds(3), "Retry-After is a floor")

                await model.refresh()
                let truncated = await events.take()
                #expect(truncated.count == 1 && truncated[0].hasSuffix(" recoverable"), "\(truncated)")

                await model.refresh()
                #expect(await events.take() == ["recovered 2", "status ENROUTE_TO_DROPOFF", "route 2", "trip"])

                await model.refresh()
                #expect(await events.take() == ["error PERMISSION_DENIED client"])

                await model.refresh()
                #expect(await events.take() == ["recovered 1", "status COMPLETE", "route 0", "trip"])
                #expect(await model.isFinished)
                #expect(await model.trip?.tripStatus == .complete)
            }
            let queries = fake.requests.map(\.query)
            #expect(queries.count == 7)
            #expect(queries[0] == "view=2&%24alt=json%3Benum-encoding%3Dint")
            #expect(
                queries[1]
                    == "currentRouteSegmentVersion=2025-01-01T00%3A00%3A00Z&view=2&%24alt=json%3Benum-encoding%3Dint")
            #expect(queries[2] == queries[1], "the kept version is sent until a newer route arrives")
            #expect(
                queries[6]
                    == "currentRouteSegmentVersion=2025-01-01T00%3A01%3A40Z&view=2&%24alt=json%3Benum-encoding%3Dint")
            #expect(
                fake.requests.allSatisfy {
                    $0.authorization == "Bearer tok" && $0.path == "/v1/providers/my-project/trips/trip-1"
                })
        }
    }

    @Test func theKeptRouteStandsInOnlyForAnOmittedUnchangedRoute() {
        let kept = KeptRoute(name: F.tripName, trip: Self.enroute())
        var same = Self.enrouteRouteOmitted()
        #expect(kept.restore(into: &same))
        #expect(same.route == Self.routeA && same.currentRouteSegmentVersion == Self.v1)
        var newer = Self.enrouteRouteOmitted()
        newer.currentRouteSegmentVersion = Self.v2
        #expect(!kept.restore(into: &newer), "a newer version without a route means there is no route now")
        var ended = Self.enrouteRouteOmitted()
        ended.tripStatus = .complete
        #expect(!kept.restore(into: &ended), "a finished trip has no route")
        #expect(ended.route.isEmpty)
    }
}

/// Collects the model's callbacks as short strings.
actor EventCollector: TripModelSubscriber {
    private var events: [String] = []

    func take() -> [String] {
        defer { events = [] }
        return events
    }

    func tripModel(_ model: TripModel, didUpdate trip: Trip, updatedPropertyFields fields: TripPropertyFields) async {
        events.append("trip")
    }
    func tripModel(_ model: TripModel, didUpdate tripStatus: TripStatus) async {
        events.append("status \(tripStatus.protoName)")
    }
    func tripModel(_ model: TripModel, didUpdateActiveRoute route: [LatLng]) async {
        events.append("route \(route.count)")
    }
    func tripModel(_ model: TripModel, didUpdatePickupLocation pickup: TerminalLocation?) async {
        events.append("pickup")
    }
    func tripModel(_ model: TripModel, didUpdateDropoffLocation dropoff: TerminalLocation?) async {
        events.append("dropoff")
    }
    func tripModel(_ model: TripModel, didFailUpdateTripWithError error: TripServiceError) async {
        events.append("error \(error.code.name) \(error.errorClass)")
    }
    func tripModel(_ model: TripModel, didRecoverAfter failures: Int, lastError: TripServiceError) async {
        events.append("recovered \(failures)")
    }
}
