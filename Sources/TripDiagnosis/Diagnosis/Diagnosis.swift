/// Everything `check` says about one trip: the timeline it read, the report card and the findings, in order.
public struct Diagnosis: Sendable {
    public var timeline: TripTimeline
    public var card: ReportCard
    /// By start time (``Finding/listedBefore(_:_:)``).
    public var findings: [Finding]

    public init(timeline: TripTimeline, card: ReportCard, findings: [Finding]) {
        self.timeline = timeline
        self.card = card
        self.findings = findings
    }
}

/// Everything `check` says about one delivery van's day: its timeline, its card and the findings of the kinds that
/// apply to a van — those of its reports (``TrackFindingDetector``) and `eta-jump` per stop.
public struct DeliveryDiagnosis: Sendable {
    public var timeline: VanTimeline
    public var card: DeliveryReportCard
    /// By start time (``Finding/listedBefore(_:_:)``).
    public var findings: [Finding]
}
