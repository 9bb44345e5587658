import ArgumentParser
import FleetEvents
import TripDiagnosis

/// `check`'s threshold flags, one per limit of ``DiagnosisThresholds``, whose defaults they show.
struct CheckThresholdOptions: ParsableArguments {
    private static let defaults = DiagnosisThresholds()

    @Option(
        help: ArgumentHelp(
            "missing-updates: a silence longer than this many median report intervals…",
            valueName: "factor"))
    var missingUpdatesFactor = defaults.missingUpdatesFactor

    @Option(help: ArgumentHelp("missing-updates: …and longer than this many seconds.", valueName: "seconds"))
    var missingUpdatesMinimum = defaults.missingUpdatesMinimumSeconds

    @Option(
        help: ArgumentHelp(
            "speed-jump: the fastest plausible move between two reports, in m/s (Fleet Debugger's).",
            valueName: "m/s"))
    var plausibleSpeed = defaults.plausibleSpeed

    @Option(help: ArgumentHelp("dwell: how close to one place the vehicle must stay, in metres.", valueName: "metres"))
    var dwellRadius = defaults.dwellRadiusMeters

    @Option(help: ArgumentHelp("dwell: for how many seconds.", valueName: "seconds"))
    var dwellTime = defaults.dwellMinimumSeconds

    @Option(
        help: ArgumentHelp(
            "eta-jump: how many seconds the ETA to the same stop may move between two updates.",
            valueName: "seconds"))
    var etaJump = defaults.etaJumpSeconds

    @Option(
        help: ArgumentHelp(
            "clock-skew: how many seconds a location's device time may differ from its server time.",
            valueName: "seconds"))
    var clockSkew = defaults.clockSkewSeconds

    @Option(
        help: ArgumentHelp(
            "stale-at-end: how far from the dropoff, in metres, the last report at COMPLETE may be.",
            valueName: "metres"))
    var staleAtEnd = defaults.staleAtEndMeters

    @Option(
        name: .customLong("geofence"),
        help: ArgumentHelp(
            "geofence: a named fence whose entries and exits are findings, latitude first, as serve --geofence "
                + "takes it: 'depot=CIRCLE (43.73 7.42, 150)', POLYGON ((lat lon, …)) or LINESTRING (lat lon, …) "
                + "[half width m] (repeatable).",
            valueName: "name=wkt"))
    var geofenceDefinitions: [String] = []

    var thresholds: DiagnosisThresholds {
        var thresholds = DiagnosisThresholds()
        thresholds.missingUpdatesFactor = missingUpdatesFactor
        thresholds.missingUpdatesMinimumSeconds = missingUpdatesMinimum
        thresholds.plausibleSpeed = plausibleSpeed
        thresholds.dwellRadiusMeters = dwellRadius
        thresholds.dwellMinimumSeconds = dwellTime
        thresholds.etaJumpSeconds = etaJump
        thresholds.clockSkewSeconds = clockSkew
        thresholds.staleAtEndMeters = staleAtEnd
        // Checked by validate().
        thresholds.geofences = geofenceDefinitions.compactMap { try? Geofence(parsing: $0) }
        return thresholds
    }

    func validate() throws {
        let values: [(String, Double)] = [
            ("--missing-updates-factor", missingUpdatesFactor), ("--missing-updates-minimum", missingUpdatesMinimum),
            ("--plausible-speed", plausibleSpeed), ("--dwell-radius", dwellRadius), ("--dwell-time", dwellTime),
            ("--eta-jump", etaJump), ("--clock-skew", clockSkew), ("--stale-at-end", staleAtEnd),
        ]
        for (flag, value) in values where !(value.isFinite && value >= 0) {
            throw ValidationError("\(flag) must be a number ≥ 0, not \(value)")
        }
        for definition in geofenceDefinitions {
            do { _ = try Geofence(parsing: definition) } catch { throw ValidationError("--geofence: \(error)") }
        }
    }
}
