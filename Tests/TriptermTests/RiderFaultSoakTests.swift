import FleetClient
import FleetModel
import Foundation
import TestSupport
import Testing

/// `tripterm rider` on a real terminal (tmux) following a trip from `tripterm serve` through a fault proxy for at
/// least a thousand injected faults: the status bar names each failure's class as the table in `ErrorClass` says,
/// shows a failure all through a broken phase and none once healed, the rider never crashes, and `q` gives the
/// terminal back. The hidden `--poll-ms`/`--request-timeout-ms` options pace it to finish in tens of seconds.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct RiderFaultSoakTests {
    /// How long after a phase starts the screen must show it: a stalled request in flight (500 ms) times out,
    /// the next poll (5 ms) answers, the next frame (100 ms) draws it — with slack for a loaded machine.
    static let settle = Duration.milliseconds(1200)

    /// The class and code in the status bar, e.g. `recoverable UNAVAILABLE:`; nil when it shows no failure.
    static func shownFailure(_ screen: String) -> (errorClass: String, code: String)? {
        guard let match = screen.firstMatch(of: /(recoverable|client) ([A-Z][A-Z_]+):/) else { return nil }
        return (String(match.1), String(match.2))
    }

    @Test(.timeLimit(.minutes(10)))
    func theStatusBarShowsEachFailuresClassAndClearsWhenHealed() async throws {
        try await LocalServerProcess.with { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            // The proxy answers on threads of its own: on the cooperative pool, behind every other suite's work, it
            // made the rider's 500 ms requests time out before any fault was injected (seen under TSan).
            let proxy = try await FaultProxy.start(
                target: server.url, stallLimit: .seconds(1), executor: ThreadExecutor.timed)
            let session = try await TmuxSession.start(width: 120, height: 36) { dir in
                "trap true INT; stty -g > \(dir)/before; TERM=xterm-256color '\(TriptermBinary.url.path)' rider "
                    + "--trip providers/p/trips/t1 --backend \(proxy.url) --token \(server.token) --poll-ms 5 --request-timeout-ms 500; "
                    + "echo $? > \(dir)/status; stty -g > \(dir)/after; sleep 60"
            }
            #expect(try await Self.waitForScreen(session) { $0.contains("Trip t1") && Self.shownFailure($0) == nil })

            let started = ContinuousClock.now
            let stalls: [Fault] = [.stall, .stallMidBody]
            let others = Fault.catalogue.filter { !stalls.contains($0) }
            proxy.mode = .plan(
                FaultPlan(
                    seed: 0x7E2A, faults: stalls + others + others + others,
                    brokenPhase: .milliseconds(1500)...(.milliseconds(2500)),
                    healthyPhase: .milliseconds(1500)...(.milliseconds(2500))))
            var shown: [String: Int] = [:], misclassified: [String] = [], missing: [String] = [], stuck: [String] = []
            var captures = 0
            // Until a thousand faults, however long the machine takes; the time limit catches a soak that hangs.
            while proxy.injectedCount < 1_000 {
                let phaseBefore = proxy.phaseChanges.last, taken = ContinuousClock.now
                let screen = try await session.capture()
                let phaseAfter = proxy.phaseChanges.last
                captures += 1
                let failure = Self.shownFailure(screen)
                if let failure {
                    shown[failure.errorClass, default: 0] += 1
                    let expected = StatusCode(name: failure.code)?.errorClass.rawValue
                    if expected != failure.errorClass {
                        misclassified.append("\(failure.code) shown as \(failure.errorClass)")
                    }
                }
                // Judged only when the phase did not change during the capture and has lasted long enough to show.
                if let phase = phaseBefore, phase.at == phaseAfter?.at, taken - phase.at > Self.settle {
                    if phase.broken, failure == nil { missing.append("+\(taken - started)") }
                    if !phase.broken, let failure { stuck.append("+\(taken - started) \(failure.code)") }
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            proxy.heal()
            let elapsed = ContinuousClock.now - started
            let injectedCodes = Set(proxy.records.compactMap { $0.expected?.code.name })
            #expect(proxy.injectedCount >= 1_000)
            #expect(misclassified.isEmpty, "\(misclassified.prefix(5))")
            #expect(
                shown["recoverable", default: 0] > 0 && shown["client", default: 0] > 0, "both classes shown: \(shown)")
            #expect(
                missing.isEmpty,
                "no failure shown during a broken phase at \(missing.prefix(5)) of \(captures) captures")
            #expect(stuck.isEmpty, "a failure still shown while healthy at \(stuck.prefix(5))")
            #expect(injectedCodes.count >= 10, "\(injectedCodes)")

            // Healed for good: the failure clears, and q restores the terminal.
            #expect(try await Self.waitForScreen(session) { $0.contains("Trip t1") && Self.shownFailure($0) == nil })
            try await session.send("q")
            #expect(
                await session.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "no crash")
            let before = await session.waitForFile("before"), after = await session.waitForFile("after")
            #expect(after != nil && after == before, "tty modes changed: \(before ?? "-") → \(after ?? "-")")
            #expect(try await session.value("#{alternate_on}") == "0")
            #expect(try await session.value("#{cursor_flag}") == "1")
            await proxy.stop()
            print(
                "rider TUI soak: \(proxy.records.count) requests, \(proxy.injectedCount) faults injected, \(captures) captures "
                    + "(\(shown["recoverable", default: 0]) recoverable, \(shown["client", default: 0]) client) in \(elapsed)"
            )
        }
    }

    /// Captures the screen until `condition` holds (at most 15 s), sleeping between captures without blocking a
    /// thread the in-process proxy needs.
    static func waitForScreen(_ session: TmuxSession, _ condition: (String) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(15)
        while true {
            if condition(try await session.capture()) { return true }
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
