/// When the progress events fire (docs/server.md, "Events"). The defaults are those Google's Fleet Events reference
/// solution has in code: ETA moves of 5 min or 10 % of the duration (50 % for delivery tasks), 5 min and 1,000 m
/// left.
public struct EventThresholds: Hashable, Sendable {
    /// An ETA that moved at least this far from its baseline is a `trip-eta` or `task-eta` event.
    public var etaAbsolute: Duration
    /// An ETA that moved at least this fraction of the duration it had at its baseline is a `trip-eta-relative`.
    public var tripEtaRelative: Double
    /// The same for `task-eta-relative`.
    public var taskEtaRelative: Double
    /// The time left to the next stop going below each is a `*-time-remaining` event.
    public var timeRemaining: [Duration]
    /// The metres left to the next stop going below each is a `*-distance-remaining` event.
    public var distanceRemainingMeters: [Double]

    public init(
        etaAbsolute: Duration = .seconds(300), tripEtaRelative: Double = 0.1, taskEtaRelative: Double = 0.5,
        timeRemaining: [Duration] = [.seconds(300)], distanceRemainingMeters: [Double] = [1000]
    ) {
        self.etaAbsolute = etaAbsolute
        self.tripEtaRelative = tripEtaRelative
        self.taskEtaRelative = taskEtaRelative
        self.timeRemaining = timeRemaining
        self.distanceRemainingMeters = distanceRemainingMeters
    }
}
