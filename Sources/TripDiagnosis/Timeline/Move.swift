import FleetModel

/// The way between two consecutive reports of the same vehicle: `reports[to - 1]` to `reports[to]`.
public struct Move: Sendable, Hashable {
    /// The index of the report the move ends at.
    public var to: Int
    /// Great-circle distance.
    public var meters: Double
    /// Time between the two reports; 0 when they have the same time or run backwards.
    public var seconds: Double

    /// Below this a move is GPS noise, never a jump, even in no time (Fleet Debugger's 1 m).
    public static let noiseMeters = 1.0

    public init(to: Int, meters: Double, seconds: Double) {
        self.to = to
        self.meters = meters
        self.seconds = max(0, seconds)
    }

    /// Metres per second, or nil when no time passed.
    public var speed: Double? { seconds > 0 ? meters / seconds : nil }

    /// Whether no vehicle could have made it: faster than `limit` m/s, or a jump of more than noise in no time.
    public func isImplausible(limit: Double) -> Bool {
        guard meters > Self.noiseMeters else { return false }
        return speed.map { $0 > limit } ?? true
    }
}
