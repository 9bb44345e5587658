import FleetModel
import TestSupport

/// What the fault soaks share: the faults and phases they run through.
enum Soak {
    /// Faults injected before a soak stops: a soak runs until it has injected them all, however long the machine
    /// takes (tens of seconds on a plain build, minutes under a sanitizer), rather than for a fixed time.
    static let faultTarget = 1_000
    /// The bound on a soak that stopped making progress, far above any finishing run.
    static let timeLimitMinutes = 10

    /// The request timeout of the soaks' clients: what a stall costs, and long enough that a healthy request on a
    /// loaded two-core machine (every suite running at once) rarely reaches it.
    static let requestTimeout = Duration.milliseconds(500)

    /// Every fault in the catalogue, the stalls once and the rest three times: a stall costs a whole request
    /// timeout, so this keeps the soaks in tens of seconds while still stalling a couple of dozen times.
    static let faults: [Fault] = {
        let stalls = Fault.catalogue.filter { $0 == .stall || $0 == .stallMidBody }
        let rest = Fault.catalogue.filter { $0 != .stall && $0 != .stallMidBody }
        return stalls + rest + rest + rest
    }()

    /// A healthy request that took longer than the request timeout on a slow machine fails as DEADLINE_EXCEEDED
    /// though nothing was injected; that is the right class for it, and the soaks allow a few (at most 2 %).
    static func isSlowMachineTimeout(_ error: TripServiceError) -> Bool {
        error.code == .deadlineExceeded && error.transport == .timedOut
    }

    /// The same for a request given a fault that acts at once (a close, an error page): when the client's timeout
    /// runs out before the proxy got to act — the machine too busy to run it for the whole timeout — the request
    /// rightly fails as DEADLINE_EXCEEDED. Counted with the healthy ones against the same 2 %; a fault whose
    /// effect is reported as anything else is still a misclassification.
    static func isSlowMachineTimeout(_ error: TripServiceError, given fault: Fault) -> Bool {
        fault != .stall && fault != .stallMidBody && isSlowMachineTimeout(error)
    }

    /// Broken for 0.3–0.9 s, healthy for 0.3–0.8 s, from a fixed seed.
    static func plan(seed: UInt64) -> FaultPlan {
        FaultPlan(
            seed: seed, faults: faults, brokenPhase: .milliseconds(300)...(.milliseconds(900)),
            healthyPhase: .milliseconds(300)...(.milliseconds(800)))
    }
}
