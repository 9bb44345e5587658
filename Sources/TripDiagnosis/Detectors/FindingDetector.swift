/// One kind of finding, found by a pure function of a trip's timeline: no state, no input but the timeline and the
/// thresholds, one pass over the reports (or statuses, or ETAs) so that a long trip costs time in proportion.
public protocol FindingDetector {
    static var kind: FindingKind { get }
    static func findings(in timeline: TripTimeline, thresholds: DiagnosisThresholds) -> [Finding]
}
