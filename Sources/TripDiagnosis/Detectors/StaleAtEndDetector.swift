import FleetModel
import TripFollowing

/// `stale-at-end`: at COMPLETE, the vehicle's last report further than ``DiagnosisThresholds/staleAtEndMeters`` from
/// the dropoff — the trip was closed from somewhere else, or with a location that had stopped moving.
public enum StaleAtEndDetector: FindingDetector {
    public static let kind = FindingKind.staleAtEnd

    public static func findings(in timeline: TripTimeline, thresholds: DiagnosisThresholds) -> [Finding] {
        guard let complete = timeline.terminal, complete.status == .complete, let dropoff = timeline.dropoffPoint,
            let last = timeline.reports.last(where: { $0.time <= complete.time })
        else { return [] }
        let meters = Geo.distance(last.point, dropoff)
        guard meters > thresholds.staleAtEndMeters else { return [] }
        let age = (complete.time - last.time).inSeconds
        let when = age < 0.05 ? "" : ", taken \(FigureText.seconds(age)) before it"
        let detail =
            "last report \(FigureText.meters(meters)) from the dropoff at COMPLETE\(when) "
            + "(limit \(FigureText.meters(thresholds.staleAtEndMeters)))"
        return [Finding(subject: timeline.subject, kind: kind, start: last.time, end: complete.time, detail: detail)]
    }
}
