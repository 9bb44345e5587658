import FleetModel
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
}
