import FleetModel
import TripDiagnosis
import TripRecordings

/// What `tripterm check` says about the trip being replayed, in the form the replay screen draws it: the findings
/// to jump between (`n`/`N`), where the vehicle was at each, the status bands and speeds of the timeline strip, and
/// the report card's lines. Built once per replay from the same ``Diagnosis`` the headless check prints.
public struct ReplayInsight: Sendable, Equatable {
    /// A status the trip was in, from `start` to `end`.
    public struct Band: Sendable, Equatable {
        public var status: TripStatus
        public var start: ProtoTimestamp
        public var end: ProtoTimestamp

        public init(status: TripStatus, start: ProtoTimestamp, end: ProtoTimestamp) {
            self.status = status
            self.start = start
            self.end = end
        }
    }

    /// A speed between two reports, at the time of the second.
    public struct SpeedSample: Sendable, Equatable {
        public var time: ProtoTimestamp
        public var metresPerSecond: Double

        public init(time: ProtoTimestamp, metresPerSecond: Double) {
            self.time = time
            self.metresPerSecond = metresPerSecond
        }
    }

    /// By start time.
    public var findings: [Finding]
    /// Where the vehicle last reported at each finding's start (nil before its first report).
    public var places: [LatLng?]
    public var bands: [Band]
    public var speeds: [SpeedSample]
    /// The report card as `check` prints it, one entry per line (but the file's).
    public var reportCard: [String]
    /// Which insight this is: the screen compares its state every frame, and a long recording's samples are many.
    private let identity = UInt64.random(in: .min ... .max)

    /// The same insight (a copy of it), not merely an equal one: every frame compares it, so it compares cheaply.
    public static func == (a: ReplayInsight, b: ReplayInsight) -> Bool { a.identity == b.identity }

    public init(findings: [Finding], places: [LatLng?], bands: [Band], speeds: [SpeedSample], reportCard: [String]) {
        self.findings = findings
        self.places = places
        self.bands = bands
        self.speeds = speeds
        self.reportCard = reportCard
    }

    /// The insight into `diagnosis`, its bands ending at `end` (the replay's last event).
    public init(_ diagnosis: Diagnosis, end: ProtoTimestamp) {
        let timeline = diagnosis.timeline
        findings = diagnosis.findings
        places = diagnosis.findings.map { finding in
            timeline.reports.last { $0.time <= finding.start }?.point ?? timeline.reports.first?.point
        }
        bands = zip(timeline.statuses, timeline.statuses.dropFirst().map(\.time) + [end]).map { change, until in
            Band(status: change.status, start: change.time, end: max(change.time, until))
        }
        speeds = timeline.moves.compactMap { move in
            move.speed.map { SpeedSample(time: timeline.reports[move.to].time, metresPerSecond: $0) }
        }
        // Without the file row: the replay has one file, and its name is the replay's own.
        reportCard = ReportCardTextTable.text(for: DiagnosedTrip(file: "", diagnosis: diagnosis))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.hasPrefix("file ") }
    }

    /// The finding `n` goes to from `time`: the first that starts later, or after `selected` when the replay
    /// stands at the selected one's start (several can start at the same moment).
    public func next(after time: ProtoTimestamp, selected: Int?) -> Int? {
        if let selected, findings.indices.contains(selected), findings[selected].start == time {
            return selected + 1 < findings.count ? selected + 1 : nil
        }
        return findings.firstIndex { $0.start > time }
    }

    /// The finding `N` goes to from `time`: the last that starts earlier, or before `selected` when the replay
    /// stands at the selected one's start.
    public func previous(before time: ProtoTimestamp, selected: Int?) -> Int? {
        if let selected, findings.indices.contains(selected), findings[selected].start == time {
            return selected > 0 ? selected - 1 : nil
        }
        return findings.lastIndex { $0.start < time }
    }
}

extension ReplayInsight {
    /// What `check` says about `recording`, with its default thresholds. A vehicle's timeline is diagnosed trip by
    /// trip, as `check` would diagnose each (see ``combining(_:)``).
    public static func of(_ recording: TripRecording) -> ReplayInsight {
        let end = recording.timeSpan?.upperBound ?? ProtoTimestamp(seconds: 0)
        let trips = VehicleTimeline.trips(in: recording)
        guard trips.count > 1 else { return ReplayInsight(Diagnoser().diagnose(recording), end: end) }
        return combining(
            trips.enumerated().map { index, trip in
                let until = index + 1 < trips.count ? trips[index + 1].timeSpan?.lowerBound ?? end : end
                return ReplayInsight(Diagnoser().diagnose(trip), end: until)
            })
    }

    /// The insights of consecutive trips as one: findings in time order, bands and speeds one after another, and
    /// the report cards in turn, a blank line between them (each opens with its `trip` row).
    public static func combining(_ parts: [ReplayInsight]) -> ReplayInsight {
        let found = parts.flatMap { zip($0.findings, $0.places) }.enumerated()
            .sorted { ($0.element.0.start, $0.offset) < ($1.element.0.start, $1.offset) }.map(\.element)
        let cards = parts.map(\.reportCard)
        return ReplayInsight(
            findings: found.map(\.0), places: found.map(\.1), bands: parts.flatMap(\.bands),
            speeds: parts.flatMap(\.speeds), reportCard: Array(cards.joined(separator: [""])))
    }
}
