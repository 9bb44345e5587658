import FleetModel
import NIOConcurrencyHelpers
import TestSupport
import Testing
import TripFollowing

/// ``FleetTracker`` on a manual clock against a scripted ListVehicles: every page read, staleness judged, changes
/// reported, failures kept apart from the last complete fleet.
@Suite struct FleetTrackerTests {
    static let t0 = ProtoTimestamp(seconds: 1_767_225_600)

    static func vehicle(
        _ id: String, at seconds: Int64?, state: VehicleState = .online, latitude: Double = 43.73
    ) -> Vehicle {
        var vehicle = Vehicle(vehicleState: state)
        vehicle.name = "providers/p/vehicles/\(id)"
        if let seconds {
            vehicle.lastLocation = VehicleLocation(
                location: LatLng(latitude: latitude, longitude: 7.42), updateTime: t0 + .seconds(seconds))
        }
        return vehicle
    }

    /// What a subscriber heard, as lines.
    final class Log: FleetTrackerSubscriber {
        private let lines = NIOLockedValueBox<[String]>([])
        var all: [String] { lines.withLockedValue { $0 } }

        func fleetTracker(_ tracker: FleetTracker, didUpdate fleet: [FleetVehicle], changes update: FleetUpdate) async {
            func ids(_ vehicles: [FleetVehicle]) -> String {
                vehicles.map {
                    ($0.name.split(separator: "/").last.map(String.init) ?? "") + ($0.isStale ? "(stale)" : "")
                }
                .joined(separator: ",")
            }
            let vanished = update.vanished.map { $0.split(separator: "/").last.map(String.init) ?? "" }.joined(
                separator: ",")
            lines.withLockedValue {
                $0.append("fleet \(fleet.count) +[\(ids(update.appeared))] ~[\(ids(update.changed))] -[\(vanished)]")
            }
        }

        func fleetTracker(_ tracker: FleetTracker, didFailWithError error: TripServiceError) async {
            lines.withLockedValue { $0.append("failed \(error.code.name) (\(error.errorClass))") }
        }

        func fleetTracker(_ tracker: FleetTracker, didRecoverAfter failures: Int, lastError: TripServiceError) async {
            lines.withLockedValue { $0.append("recovered after \(failures)") }
        }

        func fleetTracker(_ tracker: FleetTracker, didStopListingDeliveries refusal: TripServiceError) async {
            lines.withLockedValue { $0.append("deliveries off \(refusal.code.name)") }
        }
    }

    static func tracker(_ backend: ScriptedFleetBackend, clock: VirtualClock) -> FleetTracker {
        FleetTracker(
            backend: backend, options: TripModelOptions(jitterSeed: 1), staleThreshold: .seconds(300), clock: clock,
            now: { clock.timestamp })
    }

    @Test func everyPageIsReadAndStaleVehiclesAreMarked() async {
        let clock = VirtualClock.manual(start: Self.t0 + .seconds(400))
        let backend = ScriptedFleetBackend(pages: [
            [Self.vehicle("a", at: 390), Self.vehicle("b", at: 50)],  // b last reported 350 s ago
            [Self.vehicle("c", at: nil)],  // no location: stale
        ])
        let tracker = Self.tracker(backend, clock: clock)
        let log = Log()
        await tracker.register(log)
        await tracker.refresh()
        #expect(backend.requests == [nil, "page-1"])
        #expect(log.all == ["fleet 3 +[a,b(stale),c(stale)] ~[] -[]"])
        #expect(await tracker.fleet.count == 3)
    }

    @Test func vehiclesThatAppearMoveAndVanishAreReportedOnce() async {
        let clock = VirtualClock.manual(start: Self.t0 + .seconds(10))
        let backend = ScriptedFleetBackend(pages: [[Self.vehicle("a", at: 5), Self.vehicle("b", at: 5)]])
        let tracker = Self.tracker(backend, clock: clock)
        let log = Log()
        await tracker.register(log)
        await tracker.refresh()
        backend.setPages([[Self.vehicle("a", at: 9, latitude: 43.74)], [Self.vehicle("d", at: 9)]])
        await tracker.refresh()
        await tracker.refresh()  // nothing changed
        #expect(
            log.all == [
                "fleet 2 +[a,b] ~[] -[]",
                "fleet 2 +[d] ~[a] -[b]",
                "fleet 2 +[] ~[] -[]",
            ])
        // A subscriber registered later hears the whole fleet first.
        let late = Log()
        await tracker.register(late)
        await tracker.refresh()
        #expect(late.all == ["fleet 2 +[a,d] ~[] -[]"])
    }

    @Test func aFailureOnAnyPageKeepsTheLastCompleteFleetAndStartsOverNextTime() async {
        let clock = VirtualClock.manual(start: Self.t0 + .seconds(10))
        let backend = ScriptedFleetBackend(pages: [[Self.vehicle("a", at: 5)], [Self.vehicle("b", at: 5)]])
        let tracker = Self.tracker(backend, clock: clock)
        let log = Log()
        await tracker.register(log)
        await tracker.refresh()
        // The server drops on the second page: a transport failure, recoverable.
        backend.fail(page: 1, with: TripServiceError(transport: .connectionReset))
        await tracker.refresh()
        #expect(await tracker.fleet.count == 2, "the last complete fleet is kept")
        #expect(await tracker.retryDelay <= .seconds(5), "recoverable: retried within one poll interval")
        // A page token that expired between polls is a client error that nobody has to act on: the next listing,
        // from the first page, comes at the poll interval rather than a client error's 15 s.
        backend.fail(page: 1, with: TripServiceError(code: .invalidArgument, message: "page token expired"))
        await tracker.refresh()
        #expect(await tracker.lastFailedPage == 2)
        #expect(await tracker.retryDelay == .seconds(5))
        // On the first page, INVALID_ARGUMENT is the query's fault: a client error's pace.
        backend.fail(page: 0, with: TripServiceError(code: .invalidArgument, message: "bad filter"))
        await tracker.refresh()
        #expect(await tracker.lastFailedPage == 1)
        #expect(await tracker.retryDelay == .seconds(15))
        backend.fail(page: 1, with: nil)
        await tracker.refresh()
        #expect(await tracker.lastFailedPage == nil)
        #expect(
            log.all == [
                "fleet 2 +[a,b] ~[] -[]", "failed UNAVAILABLE (recoverable)", "failed INVALID_ARGUMENT (client)",
                "failed INVALID_ARGUMENT (client)", "recovered after 3", "fleet 2 +[] ~[] -[]",
            ])
        #expect(backend.requests == [nil, "page-1", nil, "page-1", nil, "page-1", nil, nil, "page-1"])
    }

    @Test func pollingFollowsThePollIntervalOnTheClock() async {
        let clock = VirtualClock.manual(start: Self.t0)
        let backend = ScriptedFleetBackend(pages: [[Self.vehicle("a", at: 0)]])
        let tracker = Self.tracker(backend, clock: clock)
        await tracker.start()
        #expect(await clock.nextSleep() == .seconds(5))
        #expect(await tracker.completedPolls == 1)
        clock.advance(by: .seconds(5))
        #expect(await clock.nextSleep() == .seconds(5))
        #expect(await tracker.completedPolls == 2)
        await tracker.stop()
    }

    @Test func aListingPastThePageLimitIsAnErrorNotALoop() async {
        let clock = VirtualClock.manual(start: Self.t0)
        let backend = ScriptedFleetBackend(pages: Array(repeating: [Self.vehicle("a", at: 0)], count: 5))
        let tracker = FleetTracker(
            backend: backend, options: TripModelOptions(jitterSeed: 1), maximumPages: 3, clock: clock,
            now: { clock.timestamp })
        let log = Log()
        await tracker.register(log)
        await tracker.refresh()
        #expect(log.all == ["failed OUT_OF_RANGE (client)"])
        #expect(backend.requests.count == 3)
    }
}
