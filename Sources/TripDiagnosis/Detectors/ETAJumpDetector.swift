import FleetModel
import TripFollowing

/// `eta-jump`: the ETA to the same stop moving by more than ``DiagnosisThresholds/etaJumpSeconds`` between one
/// update and the next. When the next stop changes (the pickup is done, now the dropoff) the ETA is for another
/// place, and when the status changes (an arrival) the promise has ended: either begins a new series.
public enum ETAJumpDetector: FindingDetector {
    public static let kind = FindingKind.etaJump

    public static func findings(in timeline: TripTimeline, thresholds: DiagnosisThresholds) -> [Finding] {
        var findings: [Finding] = []
        let etas = timeline.etas
        for index in etas.indices.dropFirst() where etas[index - 1].isSameSeries(as: etas[index]) {
            let before = etas[index - 1], after = etas[index]
            let moved = (after.eta - before.eta).inSeconds
            guard moved.magnitude > thresholds.etaJumpSeconds else { continue }
            let stop = after.stop.label(ownTripId: timeline.tripName.tripID)
            let detail =
                "ETA to \(stop) moved \(FigureText.signedSeconds(moved)), from \(before.eta.rfc3339) to "
                + "\(after.eta.rfc3339) (limit \(FigureText.seconds(thresholds.etaJumpSeconds)))"
            findings.append(
                Finding(
                    tripName: timeline.tripName, kind: kind, start: before.lastSeen, end: after.time,
                    detail: detail))
        }
        return findings
    }
}
