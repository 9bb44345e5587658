import FleetModel

/// The one rule for progress towards a stop, for a trip (its vehicle's next waypoint) and a delivery task (its van's
/// next stop) alike:
/// - `*-eta`: the ETA moved at least the absolute threshold from its baseline;
/// - `*-eta-relative`: it moved at least the relative threshold times the baseline's duration (Google's
///   EtaRelativeChangeHandler: the duration is the baseline ETA less the time it was set, at least 1 s);
/// - `*-time-remaining`, `*-distance-remaining`: the value went below a threshold — from above it, or as the first
///   value for the stop — once per crossing: it fires again only after going back above (or at a new stop).
///
/// The ETA events latch: each rule's baseline is the first ETA for the stop, then the ETA of its last event, so an
/// event says "moved that much since you last heard" once per move (Google's solution repeats it on every report
/// while the move lasts). A new stop starts new baselines, with no ETA event.
public enum ProgressEvents {
    /// Where a trip or task stands at one report.
    public struct Progress: Hashable, Sendable {
        /// The stop it is heading for, as one string: a new one starts a new watch.
        public var stop: String
        public var eta: ProtoTimestamp?
        public var remainingSeconds: Double?
        public var remainingMeters: Double?

        public init(stop: String, eta: ProtoTimestamp?, remainingSeconds: Double?, remainingMeters: Double?) {
            self.stop = stop
            self.eta = eta
            self.remainingSeconds = remainingSeconds
            self.remainingMeters = remainingMeters
        }
    }

    /// The event kinds of one subject, trips' or tasks'.
    public struct Kinds: Hashable, Sendable {
        public var eta: FleetEventKind
        public var etaRelative: FleetEventKind
        public var timeRemaining: FleetEventKind
        public var distanceRemaining: FleetEventKind

        public static let trip = Kinds(
            eta: .tripEta, etaRelative: .tripEtaRelative, timeRemaining: .tripTimeRemaining,
            distanceRemaining: .tripDistanceRemaining)
        public static let task = Kinds(
            eta: .taskEta, etaRelative: .taskEtaRelative, timeRemaining: .taskTimeRemaining,
            distanceRemaining: .taskDistanceRemaining)
    }

    /// The events (given the names and extra values of `template`) and the watch to keep, from the watch before.
    public static func detect(
        _ progress: Progress, now: ProtoTimestamp, watch old: ProgressWatch?, thresholds: EventThresholds,
        relative: Double, kinds: Kinds, template: DetectedEvent
    ) -> (events: [DetectedEvent], watch: ProgressWatch) {
        let old = old?.stop == progress.stop ? old : nil
        var watch = old ?? ProgressWatch(stop: progress.stop)
        var events: [DetectedEvent] = []
        func event(_ kind: FleetEventKind, before: [String: JSONValue]?, after: [String: JSONValue]) {
            var event = template
            event.kind = kind
            event.before = before.map { .object(Self.merged(template.before, $0)) }
            event.after = .object(Self.merged(template.after, after))
            events.append(event)
        }
        if let eta = progress.eta {
            if let baselines = old?.eta {
                watch.eta = baselines
                if abs((eta - baselines.absolute).inSeconds) >= thresholds.etaAbsolute.inSeconds {
                    event(
                        kinds.eta, before: ["eta": .string(baselines.absolute.rfc3339)],
                        after: ["eta": .string(eta.rfc3339)])
                    watch.eta?.absolute = eta
                }
                let change = (eta - baselines.relative).inSeconds / baselines.duration
                if abs(change) >= relative {
                    event(
                        kinds.etaRelative,
                        before: [
                            "eta": .string(baselines.relative.rfc3339), "durationSeconds": .number(baselines.duration),
                        ],
                        after: ["eta": .string(eta.rfc3339), "change": .number(change)])
                    watch.eta?.relative = eta
                    watch.eta?.duration = EtaBaselines.duration(to: eta, from: now)
                }
            } else {
                watch.eta = EtaBaselines(eta: eta, now: now)
            }
        }
        func crossings(
            _ value: Double?, _ old: Double?, _ thresholds: [Double], _ kind: FleetEventKind, _ unit: String
        ) -> Double? {
            guard let value else { return old }
            for threshold in thresholds where value < threshold && (old.map { $0 >= threshold } ?? true) {
                event(
                    kind, before: old.map { ["remaining\(unit)": .number($0)] },
                    after: ["remaining\(unit)": .number(value), "threshold\(unit)": .number(threshold)])
            }
            return value
        }
        watch.remainingSeconds = crossings(
            progress.remainingSeconds, old?.remainingSeconds, thresholds.timeRemaining.map(\.inSeconds),
            kinds.timeRemaining, "Seconds")
        watch.remainingMeters = crossings(
            progress.remainingMeters, old?.remainingMeters, thresholds.distanceRemainingMeters, kinds.distanceRemaining,
            "Meters")
        return (events, watch)
    }

    private static func merged(_ base: JSONValue?, _ values: [String: JSONValue]) -> [String: JSONValue] {
        guard case .object(let fields)? = base else { return values }
        return fields.merging(values) { _, new in new }
    }
}

/// What the progress rule remembers of one trip or task between reports: its stop, the ETA baselines and the last
/// remaining time and distance. The server keeps it as JSON beside the events.
public struct ProgressWatch: Codable, Hashable, Sendable {
    public var stop: String
    public var eta: EtaBaselines?
    public var remainingSeconds: Double?
    public var remainingMeters: Double?

    public init(stop: String, eta: EtaBaselines? = nil, remainingSeconds: Double? = nil, remainingMeters: Double? = nil)
    {
        self.stop = stop
        self.eta = eta
        self.remainingSeconds = remainingSeconds
        self.remainingMeters = remainingMeters
    }
}

/// The ETA each rule measures a move from: the absolute one's, and the relative one's with its duration.
public struct EtaBaselines: Codable, Hashable, Sendable {
    public var absolute: ProtoTimestamp
    public var relative: ProtoTimestamp
    /// The relative rule's duration in seconds: its baseline ETA less the time it was set, at least 1 s.
    public var duration: Double

    public init(eta: ProtoTimestamp, now: ProtoTimestamp) {
        absolute = eta
        relative = eta
        duration = Self.duration(to: eta, from: now)
    }

    static func duration(to eta: ProtoTimestamp, from now: ProtoTimestamp) -> Double {
        max(1, (eta - now).inSeconds)
    }

    private enum CodingKeys: String, CodingKey { case absolute, relative, duration }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        absolute = try ProtoTimestamp(rfc3339: container.decode(String.self, forKey: .absolute))
        relative = try ProtoTimestamp(rfc3339: container.decode(String.self, forKey: .relative))
        duration = try container.decode(Double.self, forKey: .duration)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(absolute.rfc3339, forKey: .absolute)
        try container.encode(relative.rfc3339, forKey: .relative)
        try container.encode(duration, forKey: .duration)
    }
}
