import FleetModel
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing
import TripFollowing

/// The fleet's headless lines: a listing that breaks off after its first page says on which page, and for a
/// refused page token, that the next listing starts from the first page — in text and in JSON Lines.
@Suite struct FleetPrinterTests {
    static func lines(_ format: FleetPrinter.Format) async -> [String] {
        let clock = VirtualClock.manual(start: FleetTrackerTests.t0 + .seconds(10))
        let backend = ScriptedFleetBackend(pages: [
            [FleetTrackerTests.vehicle("a", at: 5)], [FleetTrackerTests.vehicle("b", at: 5)],
        ])
        let tracker = FleetTracker(
            backend: backend, options: TripModelOptions(jitterSeed: 1), clock: clock, now: { clock.timestamp })
        let written = NIOLockedValueBox<[String]>([])
        let printer = FleetPrinter(
            format: format, now: { clock.timestamp }, write: { line in written.withLockedValue { $0.append(line) } })
        await tracker.register(printer)
        backend.fail(page: 1, with: TripServiceError(code: .invalidArgument, message: "page token expired"))
        await tracker.refresh()
        backend.fail(page: 0, with: TripServiceError(code: .unavailable, message: "down"))
        await tracker.refresh()
        return written.withLockedValue { $0 }
    }

    @Test func aListingThatBreaksOffSaysWhereAndWhatComesNext() async {
        let text = await Self.lines(.text)
        #expect(
            text == [
                "2026-01-01T00:00:10Z  failed     INVALID_ARGUMENT (client): page token expired (page 2: the page token "
                    + "was refused: the next listing starts again from the first page)",
                "2026-01-01T00:00:10Z  failed     UNAVAILABLE (recoverable): down",
            ])
        let json = await Self.lines(.json)
        #expect(json.first?.contains(#""page":2"#) == true, "\(json)")
        #expect(json.last?.contains(#""page""#) == false, "a first page is not named: \(json)")
    }

    /// `auto` turning delivery vehicles off says so, once, with the refusal.
    @Test func deliveriesTurnedOffAreSaid() async {
        let now = FleetTrackerTests.t0 + .seconds(10)
        let backend = ScriptedFleetBackend(pages: [[]])
        backend.refuseDeliveries(with: TripServiceError(code: .permissionDenied, message: "not a delivery super user"))
        let tracker = FleetTracker(
            backend: backend, scope: FleetScope(kind: .auto, taskFilter: nil), options: TripModelOptions(jitterSeed: 1),
            now: { now })
        let written = NIOLockedValueBox<[String]>([])
        let printer = FleetPrinter(
            format: .text, now: { now }, write: { line in written.withLockedValue { $0.append(line) } })
        await tracker.register(printer)
        await tracker.refresh()
        await tracker.refresh()
        #expect(
            written.withLockedValue { $0 } == [
                "2026-01-01T00:00:10Z  unlisted   delivery vehicles not listed: PERMISSION_DENIED: not a delivery "
                    + "super user (on-demand fleet goes on)"
            ])
    }

    /// A delivery vehicle's line says so, with its stops and open tasks; a task list prints a line per task.
    @Test func deliveryVehiclesAndTasksHaveLinesOfTheirOwn() async throws {
        let now = FleetTrackerTests.t0 + .seconds(10)
        let backend = ScriptedFleetBackend(pages: [[]])
        let tasks = [
            DeliveryFixtures.task("t1", vehicle: "van-1", tracking: "p1", stop: 1),
            DeliveryFixtures.task("t2", type: .pickup, vehicle: "van-1", tracking: "p2", latitude: 43.75, stop: 2),
        ]
        backend.setDeliveries(
            [DeliveryFixtures.van("van-1", now: now)], tasks: [FleetScope.openTasks: tasks])
        for (format, scope) in [
            (FleetPrinter.Format.text, FleetScope.tasks(filter: FleetScope.openTasks)),
            (.json, FleetScope(kind: .deliveries, taskFilter: nil)),
        ] {
            let written = NIOLockedValueBox<[String]>([])
            let tracker = FleetTracker(
                backend: backend, scope: scope, options: TripModelOptions(jitterSeed: 1), now: { now })
            let printer = FleetPrinter(
                format: format, now: { now }, write: { line in written.withLockedValue { $0.append(line) } })
            await tracker.register(printer)
            await tracker.refresh()
            let lines = written.withLockedValue { $0 }
            if format == .text {
                #expect(
                    lines == [
                        "2026-01-01T00:00:10Z  appeared   providers/p/tasks/t1  DELIVERY OPEN vehicle van-1 tracking p1 "
                            + "43.73960,7.42750",
                        "2026-01-01T00:00:10Z  appeared   providers/p/tasks/t2  PICKUP OPEN vehicle van-1 tracking p2 "
                            + "43.75000,7.42750",
                    ])
            } else {
                #expect(lines.count == 1)
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
                #expect(object["vehicle"] as? String == "providers/p/deliveryVehicles/van-1")
                #expect(object["kind"] as? String == "delivery" && object["stale"] as? Bool == false)
                #expect(object["stops"] as? [[String]] == [["t1"], ["t2"]])
                #expect((object["value"] as? [String: Any])?["navigationStatus"] as? String == "ENROUTE_TO_DESTINATION")
            }
        }
    }
}
