import FleetModel

/// A seeded schedule of faults: the proxy alternates broken and healthy phases of random lengths, and in a broken
/// phase answers each request with a fault drawn from ``faults`` (or forwards it, with `1 − faultProbability`).
///
/// Phase lengths and faults come from two generators seeded from ``seed``, so the sequence of faults, in the order
/// requests arrive, is the same on every run whatever the timing; only which requests fall in which phase
/// depends on the clock.
public struct FaultPlan: Sendable {
    public var seed: UInt64
    /// Drawn uniformly; repeat an entry to make it likelier.
    public var faults: [Fault]
    public var brokenPhase: ClosedRange<Duration>
    public var healthyPhase: ClosedRange<Duration>
    /// The chance that a request in a broken phase gets a fault rather than being forwarded.
    public var faultProbability: Double

    public init(
        seed: UInt64, faults: [Fault] = Fault.catalogue, brokenPhase: ClosedRange<Duration>,
        healthyPhase: ClosedRange<Duration>, faultProbability: Double = 1
    ) {
        precondition(!faults.isEmpty, "a plan needs at least one fault")
        self.seed = seed
        self.faults = faults
        self.brokenPhase = brokenPhase
        self.healthyPhase = healthyPhase
        self.faultProbability = faultProbability
    }
}

/// Where a running plan is: its generators and the current phase.
struct PlanState: Sendable {
    let plan: FaultPlan
    private var phaseRandom: SplitMix64
    private var faultRandom: SplitMix64
    private(set) var broken = true
    private(set) var phaseEnd: ContinuousClock.Instant

    init(_ plan: FaultPlan, now: ContinuousClock.Instant) {
        self.plan = plan
        phaseRandom = SplitMix64(seed: plan.seed)
        faultRandom = SplitMix64(seed: plan.seed ^ 0x5DEE_CE66_D1CE_F00D)
        phaseEnd = now
        phaseEnd = now + draw(plan.brokenPhase)
    }

    /// Moves past every phase that ended by `now`, returning the starts of the phases entered.
    mutating func advance(to now: ContinuousClock.Instant) -> [(broken: Bool, at: ContinuousClock.Instant)] {
        var entered: [(Bool, ContinuousClock.Instant)] = []
        while phaseEnd <= now {
            broken.toggle()
            entered.append((broken, phaseEnd))
            phaseEnd += draw(broken ? plan.brokenPhase : plan.healthyPhase)
        }
        return entered
    }

    /// The fault for the next request in a broken phase, or nil to forward it.
    mutating func nextFault() -> Fault? {
        let roll = Double(faultRandom.next() >> 11) / Double(1 << 53)
        let fault = plan.faults[Int(faultRandom.next() % UInt64(plan.faults.count))]
        return roll < plan.faultProbability ? fault : nil
    }

    private mutating func draw(_ range: ClosedRange<Duration>) -> Duration {
        let low = range.lowerBound, span = range.upperBound - range.lowerBound
        let fraction = Double(phaseRandom.next() >> 11) / Double(1 << 53)
        return low + span * fraction
    }
}
