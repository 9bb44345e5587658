import FleetModel
import TripFollowing

/// `missing-updates`: silences in the vehicle's reports longer than
/// ``DiagnosisThresholds/missingUpdatesLimit(medianInterval:)`` — between two reports, and at either edge of the
/// time it served the trip (after it was assigned, before the trip ended or the recording stopped).
public enum MissingUpdatesDetector: TrackFindingDetector {
    public static let kind = FindingKind.missingUpdates

    public static func findings(of timeline: some ReportedTrack, thresholds: DiagnosisThresholds) -> [Finding] {
        let limit = thresholds.missingUpdatesLimit(medianInterval: timeline.intervals.median)
        var findings: [Finding] = []
        func silence(from start: ProtoTimestamp, to end: ProtoTimestamp, _ what: String) {
            let seconds = (end - start).inSeconds
            guard seconds > limit else { return }
            let detail =
                "no vehicle report for \(FigureText.seconds(seconds)) \(what)"
                + " (limit \(FigureText.seconds(limit)))"
            findings.append(Finding(subject: timeline.subject, kind: kind, start: start, end: end, detail: detail))
        }
        let reports = timeline.reports
        if let assigned = timeline.servedFrom {
            if let first = reports.first(where: { $0.time >= assigned }) {
                silence(from: assigned, to: first.time, "after the vehicle was assigned")
            } else if let end = timeline.end {
                silence(from: assigned, to: end, "while the vehicle was assigned")
            }
        }
        for move in timeline.moves where move.seconds > limit {
            silence(from: reports[move.to - 1].time, to: reports[move.to].time, "between two reports")
        }
        if let last = reports.last, let end = timeline.end, last.time < end {
            silence(from: last.time, to: end, timeline.endLabel)
        }
        return findings
    }
}
