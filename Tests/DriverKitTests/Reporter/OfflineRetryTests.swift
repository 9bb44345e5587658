import DriverKit
import FleetClient
import FleetModel
import TestSupport
import Testing
import TripFollowing

/// The final OFFLINE update is the one that has no next interval: it is retried through recoverable failures,
/// within its budget, and not after client failures.
@Suite struct OfflineRetryTests {
    typealias Fixture = VehicleReporterTests

    /// A vehicle on the local server, a reporter reaching it through a fault proxy on a manual clock, tracking on
    /// and one successful ONLINE report; `body` gets the proxy, clock, reporter, listener and a direct client.
    static func withReportingVehicle(
        offlineRetryBudget: Duration = VehicleReporter.defaultOfflineRetryBudget,
        _ body: (FaultProxy, VirtualClock, VehicleReporter, RecordingListener, FleetEngineClient) async throws -> Void
    ) async throws {
        try await withTestServer { server, http in
            let direct = try await server.client(http: http)
            try await direct.makeVehicle(Fixture.name)
            let proxy = try await FaultProxy.start(target: server.baseURL)
            defer { Task { await proxy.stop() } }
            let clock = VirtualClock.manual()
            let client = try await server.client(baseURL: proxy.url, http: http)
            let reporter = VehicleReporter(
                client: client, vehicle: Fixture.name, offlineRetryBudget: offlineRetryBudget, clock: clock)
            let listener = RecordingListener()
            await reporter.addListener(listener)
            await reporter.updateVehicleState(.online)
            await reporter.updateLocation(Fixture.fix(Fixture.pickup))
            await reporter.setLocationTrackingEnabled(true)
            #expect(await listener.next().error == nil)
            _ = await clock.nextSleep()
            try await body(proxy, clock, reporter, listener, direct)
        }
    }

    @Test func offlineIsRetriedThroughAnOutageUntilItLands() async throws {
        try await Self.withReportingVehicle { (proxy, clock, reporter, listener, direct) async throws in

            proxy.mode = .inject(.status(.unavailable, message: "network blip"))
            let stopping = Task { await reporter.setLocationTrackingEnabled(false) }
            #expect(await listener.next().error?.code == .unavailable)
            #expect(await clock.nextSleep() == .seconds(1))
            clock.advance(by: .seconds(1))
            #expect(await listener.next().error?.code == .unavailable)
            #expect(await clock.nextSleep() == .seconds(2))
            proxy.mode = .forward
            clock.advance(by: .seconds(2))
            await stopping.value

            let landed = await listener.next()
            #expect(landed.error == nil)
            #expect(landed.update.vehicle.vehicleState == .offline)
            #expect(try await direct.getVehicle(Fixture.name).vehicleState == .offline)
            #expect(proxy.records.map(\.answeredStatus) == [200, 503, 503, 200])
            #expect(clock.sleeperCount == 0)
        }
    }

    @Test func offlineGivesUpWhenItsBudgetIsSpent() async throws {
        try await Self.withReportingVehicle(offlineRetryBudget: .seconds(3)) {
            (proxy, clock, reporter, listener, direct) async throws in

            proxy.mode = .inject(.status(.unavailable, message: "down"))
            let stopping = Task { await reporter.setLocationTrackingEnabled(false) }
            // Waits of 1 s and 2 s fit a 3 s budget; the next, 4 s, does not.
            for wait in [Duration.seconds(1), .seconds(2)] {
                #expect(await listener.next().error?.errorClass == .recoverable)
                #expect(await clock.nextSleep() == wait)
                clock.advance(by: wait)
            }
            #expect(await listener.next().error?.errorClass == .recoverable)
            await stopping.value
            #expect(clock.sleeperCount == 0)
            #expect(await reporter.statistics.attempts == 4)
            #expect(try await direct.getVehicle(Fixture.name).vehicleState == .online)
        }
    }

    @Test func offlineIsNotRetriedAfterAClientFailure() async throws {
        try await Self.withReportingVehicle { proxy, clock, reporter, listener, _ in

            proxy.mode = .inject(.status(.permissionDenied, message: "token for another vehicle"))
            await reporter.setLocationTrackingEnabled(false)
            #expect(await listener.next().error?.errorClass == .client)
            #expect(clock.sleeperCount == 0)
            #expect(await reporter.statistics.attempts == 2)
        }
    }
}
