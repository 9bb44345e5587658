import FleetModel

/// `vehicle-not-updating` and `vehicle-updating`: an ONLINE vehicle whose last location report is older than the
/// threshold has gone silent; one that was silent and reports again is updating. Time drives it, not a write, so
/// the server asks ``judge(_:silent:now:threshold:)`` on a timer and keeps which vehicles are silent.
public enum VehicleSilence {
    /// How long a vehicle may go without a location report: Fleet Engine expects one at least once a minute. The
    /// live `vehicle-not-updating` event's default threshold, and the least silence `tripterm check` calls
    /// `missing-updates` in a recording — one rule for the live and the recorded.
    public static let expectedReportInterval: Duration = .seconds(60)

    /// What the vehicle's silence became.
    public enum Verdict: Hashable, Sendable {
        /// Nothing to say.
        case unchanged
        /// It was updating and now is not: a `vehicle-not-updating` event.
        case wentSilent
        /// It was silent and reported since: a `vehicle-updating` event.
        case resumed
        /// It was silent and went OFFLINE (or away): no longer watched, no event.
        case released
    }

    /// When the vehicle last reported its location (the server's receipt time), nil if it never did.
    public static func lastReport(of vehicle: Vehicle) -> ProtoTimestamp? {
        vehicle.lastLocation?.serverTime ?? vehicle.lastLocation?.updateTime
    }

    /// `vehicle` as stored now (nil when deleted), whether it was silent, the time and the threshold.
    public static func judge(_ vehicle: Vehicle?, silent: Bool, now: ProtoTimestamp, threshold: Duration) -> Verdict {
        guard let vehicle, vehicle.vehicleState == .online, let last = lastReport(of: vehicle) else {
            return silent ? .released : .unchanged
        }
        let quiet = now - last > threshold
        switch (silent, quiet) {
        case (false, true): return .wentSilent
        case (true, false): return .resumed
        default: return .unchanged
        }
    }

    /// The event for a verdict, nil for those that have none.
    public static func event(_ verdict: Verdict, vehicle: Vehicle?, now: ProtoTimestamp) -> DetectedEvent? {
        guard let vehicle, verdict == .wentSilent || verdict == .resumed else { return nil }
        let last: JSONValue = lastReport(of: vehicle).map { .string($0.rfc3339) } ?? .null
        return DetectedEvent(
            kind: verdict == .wentSilent ? .vehicleNotUpdating : .vehicleUpdating, vehicle: vehicle.name,
            before: .object(["updating": .bool(verdict != .resumed), "lastUpdate": last]),
            after: .object(["updating": .bool(verdict == .resumed), "lastUpdate": last]))
    }
}
