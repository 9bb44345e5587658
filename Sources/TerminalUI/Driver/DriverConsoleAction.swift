/// What a key on the driver console asks the driver session to do (the command carries it out).
public enum DriverConsoleAction: Hashable, Sendable {
    /// `o`: ONLINE ⇄ OFFLINE.
    case toggleOnline
    /// `t`: location tracking on ⇄ off (off sends the final OFFLINE update).
    case toggleTracking
    /// `n`: the current trip's next status; for a delivery vehicle, the next stop's next step (ENROUTE, ARRIVED,
    /// completed).
    case advance
    /// `x`: cancel the current trip; for a delivery vehicle, fail the next stop's first task without an outcome.
    case cancel
}
