import DriverKit
import FleetClient
import FleetModel
import Foundation
import RoadMap
import TestSupport
import Testing
import TripFollowing

/// The vehicle reporter against the real local server, on a manual clock.
@Suite struct VehicleReporterTests {
    static let name = try! VehicleName(parsing: "providers/p/vehicles/v1")
    static let start = Date(timeIntervalSince1970: 1_790_000_000)
    static let pickup = LatLng(latitude: 43.7315, longitude: 7.4200)  // the Palace

    static func fix(_ point: LatLng, heading: Double = 90, speed: Double = 8) -> LocationFix {
        LocationFix(coordinate: point, heading: heading, speed: speed, accuracy: 4, sensor: .gps, time: start)
    }

    @Test func intervalIsClampedToFiveToSixtySeconds() async throws {
        try await withTestServer { server, http in
            let client = try await server.client(http: http)
            #expect(await VehicleReporter(client: client, vehicle: Self.name).locationUpdateInterval == .seconds(10))
            #expect(
                await VehicleReporter(client: client, vehicle: Self.name, interval: .seconds(2)).locationUpdateInterval
                    == .seconds(5))
            #expect(
                await VehicleReporter(client: client, vehicle: Self.name, interval: .seconds(90)).locationUpdateInterval
                    == .seconds(60))

            try await client.makeVehicle(Self.name)
            let clock = VirtualClock.manual()
            let reporter = VehicleReporter(client: client, vehicle: Self.name, interval: .seconds(1), clock: clock)
            let listener = RecordingListener()
            await reporter.addListener(listener)
            await reporter.updateLocation(Self.fix(Self.pickup))
            await reporter.setLocationTrackingEnabled(true)
            // Sent at once, then the reporter waits the clamped interval, not the 1 s asked for.
            #expect(await listener.next().error == nil)
            #expect(await clock.nextSleep() == .seconds(5))
            await reporter.setLocationUpdateInterval(.seconds(61))
            clock.advance(by: .seconds(5))
            #expect(await listener.next().error == nil)
            #expect(await clock.nextSleep() == .seconds(60))
            #expect(await reporter.statistics.successes == 2)
            await reporter.setLocationTrackingEnabled(false)
        }
    }

    @Test func updateCarriesLocationRouteAndStateUnderTheirMask() async throws {
        try await withTestServer { server, http in
            let client = try await server.client(http: http)
            try await client.makeVehicle(Self.name)
            let clock = VirtualClock.manual()
            let reporter = VehicleReporter(client: client, vehicle: Self.name, clock: clock, now: { Self.start })
            let listener = RecordingListener()
            await reporter.addListener(listener)

            var navigator = Navigator(graph: Fixtures.monaco)
            let dropoff = LatLng(latitude: 43.7395, longitude: 7.4280)  // the Casino
            navigator.setDestination(
                TripWaypoint(
                    location: TerminalLocation(point: dropoff), tripId: "t1", waypointType: .dropOffWaypointType))
            let progress = navigator.update(position: Self.pickup)
            await reporter.updateRouteProgress(progress)
            await reporter.updateLocation(Self.fix(Self.pickup, heading: 359.7))
            await reporter.updateVehicleState(.online)
            await reporter.setLocationTrackingEnabled(true)

            guard case .success(let update) = await listener.next() else {
                Issue.record("first update failed")
                return
            }
            #expect(update.number == 1)
            #expect(
                Set(update.updateMask) == [
                    "vehicleState", "lastLocation", "navigationStatus", "currentRouteSegment",
                    "currentRouteSegmentEndPoint",
                    "remainingDistanceMeters", "remainingTimeSeconds",
                ])
            let stored = try await client.getVehicle(Self.name)
            #expect(stored.vehicleState == .online)
            #expect(stored.lastLocation?.location == Self.pickup)
            #expect(stored.lastLocation?.heading == 0)
            #expect(stored.lastLocation?.latlngAccuracy == 4)
            #expect(stored.lastLocation?.locationSensor == .gps)
            #expect(stored.lastLocation?.updateTime == ProtoTimestamp(Self.start))
            #expect(stored.navigationStatus == .enrouteToDestination)
            #expect(stored.currentRouteSegmentEndPoint?.tripId == "t1")
            let segment = try S2Polyline.decode(stored.currentRouteSegment)
            #expect(segment.count == progress.remainingPath.count)
            #expect(Geo.distance(segment.first!, Self.pickup) < 3)
            #expect(Geo.distance(segment.last!, dropoff) < 3)
            let distance = try #require(stored.remainingDistanceMeters)
            #expect(abs(Double(distance) - progress.remainingDistanceMeters!) <= 1)
            #expect(distance > 500)
            // remainingTimeSeconds is input only: the server turns it into etaToFirstWaypoint.
            #expect(stored.etaToFirstWaypoint != nil)
            await reporter.setLocationTrackingEnabled(false)
        }
    }

    @Test func disablingTrackingSendsOneFinalOfflineUpdateAndStops() async throws {
        try await withTestServer { server, http in
            let client = try await server.client(http: http)
            try await client.makeVehicle(Self.name)
            let clock = VirtualClock.manual()
            let reporter = VehicleReporter(client: client, vehicle: Self.name, clock: clock)
            let listener = RecordingListener()
            await reporter.addListener(listener)
            await reporter.updateVehicleState(.online)
            await reporter.updateLocation(Self.fix(Self.pickup))
            await reporter.setLocationTrackingEnabled(true)
            #expect(await listener.next().update.vehicle.vehicleState == .online)
            #expect(try await client.getVehicle(Self.name).vehicleState == .online)
            _ = await clock.nextSleep()

            await reporter.setLocationTrackingEnabled(false)
            let last = await listener.next()
            #expect(last.error == nil)
            #expect(last.update.updateMask.contains("vehicleState"))
            #expect(last.update.vehicle.vehicleState == .offline)
            #expect(try await client.getVehicle(Self.name).vehicleState == .offline)
            #expect(await reporter.isLocationTrackingEnabled == false)
            // Nothing sleeps on the clock any more, and time passing sends nothing.
            #expect(clock.sleeperCount == 0)
            clock.advance(by: .seconds(120))
            await Task.yield()
            #expect(listener.all.count == 2)
            #expect(await reporter.statistics.attempts == 2)
        }
    }

    @Test func onlineWaitsForTrackingWhileOfflineIsSentAtOnce() async throws {
        try await withTestServer { server, http in
            let client = try await server.client(http: http)
            try await client.makeVehicle(Self.name, state: .online)
            let clock = VirtualClock.manual()
            let reporter = VehicleReporter(client: client, vehicle: Self.name, clock: clock)
            let listener = RecordingListener()
            await reporter.addListener(listener)
            await reporter.updateVehicleState(.offline)
            #expect(await listener.next().update.vehicle.vehicleState == .offline)
            #expect(try await client.getVehicle(Self.name).vehicleState == .offline)

            await reporter.updateVehicleState(.online)
            #expect(await reporter.statistics.attempts == 1)
            await reporter.setLocationTrackingEnabled(true)
            #expect(await listener.next().update.vehicle.vehicleState == .online)
            #expect(try await client.getVehicle(Self.name).vehicleState == .online)
            await reporter.setLocationTrackingEnabled(false)
        }
    }

    @Test func aFailedUpdateIsRetriedWithTheNewestDataAtTheNextInterval() async throws {
        try await withTestServer { server, http in
            let direct = try await server.client(http: http)
            try await direct.makeVehicle(Self.name)
            let proxy = try await FaultProxy.start(target: server.baseURL)
            defer { Task { await proxy.stop() } }
            let client = try await server.client(baseURL: proxy.url, http: http)
            let clock = VirtualClock.manual()
            let reporter = VehicleReporter(client: client, vehicle: Self.name, clock: clock)
            let listener = RecordingListener()
            await reporter.addListener(listener)

            proxy.mode = .inject(.status(.unavailable, message: "backend restarting"))
            await reporter.updateLocation(Self.fix(Self.pickup))
            await reporter.setLocationTrackingEnabled(true)
            let failed = await listener.next()
            #expect(failed.error?.code == .unavailable)
            #expect(failed.error?.errorClass == .recoverable)
            #expect(failed.error?.message == "backend restarting")
            #expect(await reporter.statistics.failures == 1)
            #expect(await reporter.statistics.lastFailure?.error.code == .unavailable)

            // Two newer fixes arrive while waiting: only the newest is sent, once, at the next interval.
            let moved = Geo.destination(from: Self.pickup, bearing: 90, distance: 80)
            await reporter.updateLocation(Self.fix(Geo.destination(from: Self.pickup, bearing: 90, distance: 40)))
            await reporter.updateLocation(Self.fix(moved))
            proxy.mode = .forward
            #expect(await clock.nextSleep() == .seconds(10))
            clock.advance(by: .seconds(10))
            let retried = await listener.next()
            #expect(retried.error == nil)
            #expect(retried.update.number == 2)
            #expect(retried.update.vehicle.lastLocation?.location == moved)
            #expect(try await direct.getVehicle(Self.name).lastLocation?.location == moved)
            let statistics = await reporter.statistics
            #expect(statistics.attempts == 2 && statistics.successes == 1 && statistics.failures == 1)
            #expect(statistics.consecutiveFailures == 0)
            #expect(proxy.records.map(\.answeredStatus) == [503, 200])
            #expect(proxy.records.allSatisfy { $0.method == "PUT" && $0.path == "/v1/providers/p/vehicles/v1" })
            await reporter.setLocationTrackingEnabled(false)
        }
    }

    @Test func emptyMaskAnswersAreCountedApartAndNothingToSayIsNotSent() async throws {
        try await withTestServer { server, http in
            let direct = try await server.client(http: http)
            try await direct.makeVehicle(Self.name)
            let proxy = try await FaultProxy.start(target: server.baseURL)
            defer { Task { await proxy.stop() } }
            let client = try await server.client(baseURL: proxy.url, http: http)
            let clock = VirtualClock.manual()
            let reporter = VehicleReporter(client: client, vehicle: Self.name, clock: clock)
            let listener = RecordingListener()
            await reporter.addListener(listener)

            // No state, location or route yet: the interval passes without a call.
            await reporter.setLocationTrackingEnabled(true)
            #expect(await clock.nextSleep() == .seconds(10))
            #expect(await reporter.statistics.skippedEmptyUpdates == 1)
            #expect(proxy.records.isEmpty)

            proxy.mode = .inject(.status(.invalidArgument, message: "update_mask cannot be empty"))
            await reporter.updateLocation(Self.fix(Self.pickup))
            clock.advance(by: .seconds(10))
            let failed = await listener.next()
            #expect(failed.error?.isEmptyUpdateMask == true)
            #expect(failed.error?.errorClass == .client)
            let statistics = await reporter.statistics
            #expect(statistics.emptyMaskFailures == 1)
            #expect(statistics.failures == 0)
            #expect(statistics.consecutiveFailures == 1)
            proxy.mode = .forward
            await reporter.setLocationTrackingEnabled(false)
            #expect(await listener.next().error == nil)
        }
    }

    @Test func aStoppedBackendIsARecoverableTransportFailure() async throws {
        try await withTestServer { server, http in
            let direct = try await server.client(http: http)
            try await direct.makeVehicle(Self.name)
            let proxy = try await FaultProxy.start(target: server.baseURL)
            let client = try await server.client(baseURL: proxy.url, http: http)
            await proxy.stop()
            let clock = VirtualClock.manual()
            // No OFFLINE retries here (OfflineRetryTests has them): the final update fails once and stop returns.
            let reporter = VehicleReporter(client: client, vehicle: Self.name, offlineRetryBudget: .zero, clock: clock)
            let listener = RecordingListener()
            await reporter.addListener(listener)
            await reporter.updateLocation(Self.fix(Self.pickup))
            await reporter.setLocationTrackingEnabled(true)
            let failed = await listener.next()
            #expect(failed.error?.transport != nil)
            #expect(failed.error?.errorClass == .recoverable)
            await reporter.setLocationTrackingEnabled(false)
            #expect(await reporter.statistics.failures == 2)
        }
    }
}
