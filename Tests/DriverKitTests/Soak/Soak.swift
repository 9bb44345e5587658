import FaultInjection
import FleetModel

/// What the fault soaks share: the faults and phases they run through.
enum Soak {
    /// Faults injected before a soak stops.
    static let faultTarget = 1_000

    /// Every fault in the catalogue, the stalls once and the rest twice: a stall costs a whole request timeout,
    /// so this keeps the soaks in tens of seconds while still stalling a few dozen times.
    static let faults: [Fault] = {
        let stalls = Fault.catalogue.filter { $0 == .stall || $0 == .stallMidBody }
        let rest = Fault.catalogue.filter { $0 != .stall && $0 != .stallMidBody }
        return stalls + rest + rest
    }()

    /// Broken for 0.3–0.9 s, healthy for 0.3–0.8 s, from a fixed seed.
    static func plan(seed: UInt64) -> FaultPlan {
        FaultPlan(
            seed: seed, faults: faults, brokenPhase: .milliseconds(300)...(.milliseconds(900)),
            healthyPhase: .milliseconds(300)...(.milliseconds(800)))
    }
}
