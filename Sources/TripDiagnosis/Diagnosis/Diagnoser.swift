import FleetModel
import TripRecordings

/// Runs every detector and builds the report card for a recorded trip, or for a delivery van's day.
///
/// ```swift
/// let diagnosis = Diagnoser().diagnose(recording)
/// diagnosis.card.drive?.meters          // 4_210.5
/// diagnosis.findings.map(\.kind)        // [.missingUpdates, .dwell]
/// ```
public struct Diagnoser: Sendable {
    public var thresholds: DiagnosisThresholds

    /// One per kind, in the order of ``FindingKind``.
    public static var detectors: [any FindingDetector.Type] {
        [
            MissingUpdatesDetector.self, SpeedJumpDetector.self, DwellDetector.self, ETAJumpDetector.self,
            OffRouteDetector.self, ClockSkewDetector.self, StatusOrderDetector.self, StaleAtEndDetector.self,
            GeofenceDetector.self,
        ]
    }

    public init(thresholds: DiagnosisThresholds = DiagnosisThresholds()) {
        self.thresholds = thresholds
    }

    /// `inputEnd`: the last event of the input the trip came from, when it held more than this trip
    /// (``TripTimeline/inputEnd``).
    public func diagnose(_ recording: TripRecording, inputEnd: ProtoTimestamp? = nil) -> Diagnosis {
        let timeline = TripTimeline(recording, inputEnd: inputEnd)
        return Diagnosis(
            timeline: timeline, card: ReportCard(timeline: timeline, source: recording.source, thresholds: thresholds),
            findings: findings(in: timeline))
    }

    public func findings(in timeline: TripTimeline) -> [Finding] {
        Self.detectors.flatMap { $0.findings(in: timeline, thresholds: thresholds) }.sorted(by: Finding.listedBefore)
    }

    /// The van's card and findings: every detector of reports, and `eta-jump` per stop; the trip's own kinds
    /// (`status-order`, `stale-at-end`) do not apply.
    public func diagnose(_ van: DeliveryVanDay, in day: DeliveryRecording) -> DeliveryDiagnosis {
        let timeline = VanTimeline(van)
        let tracks = Self.detectors.compactMap { $0 as? any TrackFindingDetector.Type }
        let findings =
            tracks.flatMap { $0.findings(of: timeline, thresholds: thresholds) }
            + ETAJumpDetector.findings(of: timeline, thresholds: thresholds)
        return DeliveryDiagnosis(
            timeline: timeline, card: DeliveryReportCard(timeline, in: day),
            findings: findings.sorted(by: Finding.listedBefore))
    }
}
