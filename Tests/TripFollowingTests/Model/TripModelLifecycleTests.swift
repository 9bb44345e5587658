import FleetModel
import TestSupport
import Testing

@testable import TripFollowing

/// A model following a scripted trip from NEW to COMPLETE, poll by poll, on a manual clock.
@Suite struct TripModelLifecycleTests {
    let clock = VirtualClock.manual()

    func model(
        _ steps: [ScriptedTripBackend.Step], options: TripModelOptions = .init(jitter: 0)
    ) -> (TripModel, ScriptedTripBackend) {
        let backend = ScriptedTripBackend(steps)
        return (TripModel(tripName: TripFixtures.name, backend: backend, options: options, clock: clock), backend)
    }

    /// Advances to the end of the model's current sleep and waits until it sleeps again (or stops).
    func nextPoll(_ model: TripModel) async -> Duration {
        let d = await clock.nextSleep()
        clock.advance(by: d)
        return d
    }

    @Test func followsAWholeTripAndReportsOnlyWhatChanged() async throws {
        let (model, backend) = model([
            .trip(TripFixtures.new()),
            .trip(TripFixtures.enrouteToPickup()),
            .trip(TripFixtures.enrouteToPickup()),
            .trip(
                TripFixtures.enrouteToPickup(
                    vehicleAt: LatLng(latitude: 43.7393, longitude: 7.4258), time: 40, remaining: 120)),
            .trip(TripFixtures.arrivedAtPickup()),
            .trip(TripFixtures.enrouteToDropoff()),
            .trip(TripFixtures.complete()),
        ])
        let log = EventLog()
        await model.register(log)
        await model.start()

        #expect(await clock.nextSleep() == .seconds(5))
        #expect(
            await log.take() == [
                "status NEW", "pickup 43.7384,7.4246", "dropoff 43.7311,7.4197",
                "trip [tripStatus,pickup,dropoff,other]",
            ])

        #expect(await nextPoll(model) == .seconds(5))
        _ = await clock.nextSleep()
        #expect(
            await log.take() == [
                "status ENROUTE_TO_PICKUP", "vehicle 43.7402,7.427", "route 3pts", "distance 300",
                "pickupETA 2026-01-01T00:01:10Z", "dropoffETA 2026-01-01T00:06:50Z",
                "waypoints PICKUP_WAYPOINT_TYPE,DROP_OFF_WAYPOINT_TYPE",
                "trip [tripStatus,vehicleLocation,activeRoute,remainingDistance,pickupETA,dropoffETA,remainingWaypoints,vehicleId,firstWaypointETA]",
            ])

        _ = await nextPoll(model)
        _ = await clock.nextSleep()
        #expect(await log.take() == [], "an unchanged snapshot delivers nothing")

        _ = await nextPoll(model)
        _ = await clock.nextSleep()
        #expect(
            await log.take() == [
                "vehicle 43.7393,7.4258", "route 3pts", "distance 120", "pickupETA 2026-01-01T00:01:40Z",
                "dropoffETA 2026-01-01T00:07:20Z",
                "trip [vehicleLocation,activeRoute,remainingDistance,pickupETA,dropoffETA,firstWaypointETA]",
            ])

        _ = await nextPoll(model)
        _ = await clock.nextSleep()
        #expect(
            await log.take() == [
                "status ARRIVED_AT_PICKUP", "vehicle 43.7384,7.4246", "route 0pts", "distance 0",
                "pickupETA 2026-01-01T00:01:10Z", "dropoffETA 2026-01-01T00:07:50Z", "waypoints DROP_OFF_WAYPOINT_TYPE",
                "trip [tripStatus,vehicleLocation,activeRoute,remainingDistance,pickupETA,dropoffETA,remainingWaypoints,firstWaypointETA]",
            ])

        _ = await nextPoll(model)
        _ = await clock.nextSleep()
        #expect(
            await log.take() == [
                "status ENROUTE_TO_DROPOFF", "vehicle 43.736,7.423", "route 3pts", "distance 700",
                "traffic NORMAL,TRAFFIC_JAM",
                "dropoffETA 2026-01-01T00:05:00Z",
                "trip [tripStatus,vehicleLocation,activeRoute,remainingDistance,traffic,dropoffETA]",
            ])

        _ = await nextPoll(model)
        await waitUntilFinished(model)
        #expect(
            await log.take() == [
                "status COMPLETE", "vehicle 43.7311,7.4197", "route 0pts", "distance nil", "traffic nil",
                "dropoffETA 2026-01-01T00:08:20Z", "waypoints ",
                "trip [tripStatus,vehicleLocation,activeRoute,remainingDistance,traffic,dropoffETA,remainingWaypoints,firstWaypointETA]",
            ])
        #expect(await model.isFinished)
        #expect(await model.isPolling == false)
        #expect(await backend.fetchCount == 7)
        #expect(clock.sleeperCount == 0, "no poll is scheduled after COMPLETE")
        await model.refresh()
        #expect(await backend.fetchCount == 7, "refresh after the end fetches nothing")
    }

    @Test func canceledTripStopsPolling() async {
        var canceled = TripFixtures.enrouteToPickup()
        canceled.tripStatus = .canceled
        let (model, backend) = model([.trip(TripFixtures.enrouteToPickup()), .trip(canceled)])
        let log = EventLog()
        await model.register(log)
        await model.start()
        _ = await nextPoll(model)
        await waitUntilFinished(model)
        #expect(await log.take().suffix(2) == ["status CANCELED", "trip [tripStatus]"])
        #expect(await backend.fetchCount == 2)
    }

    @Test func activeRouteFallsBackToTheDecodedS2Segment() async {
        var trip = TripFixtures.enrouteToPickup()
        trip.route = []
        trip.currentRouteSegment = "AhYFIoF_XZ6GAPV1plu2AYQNAA=="
        let (model, _) = model([.trip(trip)])
        let log = EventLog()
        await model.register(log)
        await model.refresh()
        #expect(await log.take().contains("route 5pts"))
    }

    @Test func intermediateDestinationsAreReported() async {
        var trip = TripFixtures.enrouteToPickup()
        trip.intermediateDestinations = [TerminalLocation(point: LatLng(latitude: 43.735, longitude: 7.421))]
        var next = trip
        next.intermediateDestinationIndex = 1
        let (model, _) = model([.trip(trip), .trip(next)])
        let log = EventLog()
        await model.register(log)
        await model.refresh()
        #expect(await log.take().contains("intermediate 1"))
        await model.refresh()
        #expect(await log.take() == ["trip [intermediateDestinationIndex]"])
    }

    func waitUntilFinished(_ model: TripModel) async {
        while await !model.isFinished { await Task.yield() }
    }
}
