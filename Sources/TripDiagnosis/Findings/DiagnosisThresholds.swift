import FleetEvents
import FleetModel

/// Every limit the detectors apply, with its default and where the default comes from, in one place: `check` has a
/// flag for each, and docs/check.md explains them.
public struct DiagnosisThresholds: Sendable, Hashable {
    /// `missing-updates`: a silence is longer than this many median intervals between the trip's vehicle reports…
    /// Default 10, as Fleet Debugger's "missing updates" uses.
    public var missingUpdatesFactor: Double = 10
    /// …and longer than this, in seconds. Default 60, ``VehicleSilence/expectedReportInterval``, the live
    /// `vehicle-not-updating` event's threshold too. (Fleet Debugger takes the smaller of the two; tripterm the
    /// larger, so that a vehicle reporting every second is not flagged for a 10 s tunnel.)
    public var missingUpdatesMinimumSeconds: Double = VehicleSilence.expectedReportInterval.inSeconds
    /// `speed-jump`: a move between consecutive reports faster than this, in m/s. Default 68 m/s (245 km/h), Fleet
    /// Debugger's cap for a plausible velocity.
    public var plausibleSpeed: Double = 68
    /// `dwell`: how close, in metres, reports must stay to the first of them. Default 20 m, Fleet Debugger's.
    public var dwellRadiusMeters: Double = 20
    /// `dwell`: how long, in seconds, the vehicle must stay. Default 120 s, the two minutes Fleet Debugger means with
    /// its 12 updates at 10 s — here measured in time, so the rate of reports does not matter.
    public var dwellMinimumSeconds: Double = 120
    /// `eta-jump`: how far, in seconds, the ETA to the same stop may move between consecutive updates. Default
    /// 300 s: Fleet Debugger caps its ETA chart there, and five minutes is a change a rider notices.
    public var etaJumpSeconds: Double = 300
    /// `clock-skew`: how far, in seconds, a location's device time may be from the time the server received it.
    /// Default 30 s: half of Fleet Engine's one-minute reporting expectation; beyond it, times a rider sees are off.
    public var clockSkewSeconds: Double = 30
    /// `stale-at-end`: how far, in metres, the last report before COMPLETE may be from the dropoff. Default 200 m:
    /// four times the ~50 m at which navigation says ARRIVED_AT_DESTINATION, a block in a city.
    public var staleAtEndMeters: Double = 200
    /// `geofence`: the fences whose entries and exits are findings (`--geofence NAME=WKT`); none by default.
    public var geofences: [Geofence] = []

    public init() {}

    /// The silence that counts as missing updates for a trip whose reports come every `medianInterval` seconds.
    public func missingUpdatesLimit(medianInterval: Double?) -> Double {
        max(missingUpdatesFactor * (medianInterval ?? 0), missingUpdatesMinimumSeconds)
    }
}
