/// How fast a recorded or simulated source plays its fixes against its clock.
public struct Pace: Hashable, Sendable {
    /// Source seconds per clock second: 1 plays in real time, 10 ten times faster.
    public var speedUp: Double

    public init(speedUp: Double = 1) {
        precondition(speedUp.isFinite && speedUp > 0, "speed-up must be positive")
        self.speedUp = speedUp
    }

    public static let realTime = Pace()

    /// How long to wait on the clock for `seconds` of source time.
    func wait(_ seconds: Double) -> Duration {
        .nanoseconds(Int64((max(0, seconds) / speedUp * 1e9).rounded()))
    }
}
