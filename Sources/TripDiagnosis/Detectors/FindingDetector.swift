/// One kind of finding, found by a pure function of a trip's timeline: no state, no input but the timeline and the
/// thresholds, one pass over the reports (or statuses, or ETAs) so that a long trip costs time in proportion.
public protocol FindingDetector {
    static var kind: FindingKind { get }
    static func findings(in timeline: TripTimeline, thresholds: DiagnosisThresholds) -> [Finding]
}

/// A detector that reads only the vehicle's reports (``ReportedTrack``), and so finds the same in a trip and in a
/// delivery van's day.
public protocol TrackFindingDetector: FindingDetector {
    static func findings(of track: some ReportedTrack, thresholds: DiagnosisThresholds) -> [Finding]
}

extension TrackFindingDetector {
    public static func findings(in timeline: TripTimeline, thresholds: DiagnosisThresholds) -> [Finding] {
        findings(of: timeline, thresholds: thresholds)
    }
}
