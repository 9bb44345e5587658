import FleetModel
import TripFollowing

/// `eta-jump`: the ETA to the same stop moving by more than ``DiagnosisThresholds/etaJumpSeconds`` between one
/// update and the next. When the next stop changes (the pickup is done, now the dropoff) the ETA is for another
/// place, and when the status changes (an arrival) the promise has ended: either begins a new series.
public enum ETAJumpDetector: FindingDetector {
    public static let kind = FindingKind.etaJump

    public static func findings(in timeline: TripTimeline, thresholds: DiagnosisThresholds) -> [Finding] {
        let etas = timeline.etas
        return etas.indices.dropFirst().compactMap { index in
            let before = etas[index - 1], after = etas[index]
            guard before.isSameSeries(as: after) else { return nil }
            return jump(
                of: timeline.subject, to: after.stop.label(ownTripId: timeline.tripName.tripID),
                from: (before.lastSeen, before.eta), to: (after.time, after.eta), thresholds: thresholds)
        }
    }
}

extension ETAJumpDetector {
    /// A van's jumps: the ETA the driver gave for the same stop moving by more than the limit between consecutive
    /// reports, before the van arrived there.
    public static func findings(of van: VanTimeline, thresholds: DiagnosisThresholds) -> [Finding] {
        van.stops.flatMap { stop in
            zip(stop.predictions, stop.predictions.dropFirst()).compactMap { before, after in
                jump(
                    of: van.subject, to: stop.label, from: (before.time, before.eta), to: (after.time, after.eta),
                    thresholds: thresholds)
            }
        }
    }

    /// A finding when the ETA moved by more than the limit from one sample to the next.
    static func jump(
        of subject: FindingSubject, to stop: String, from before: (seen: ProtoTimestamp, eta: ProtoTimestamp),
        to after: (time: ProtoTimestamp, eta: ProtoTimestamp), thresholds: DiagnosisThresholds
    ) -> Finding? {
        let moved = (after.eta - before.eta).inSeconds
        guard moved.magnitude > thresholds.etaJumpSeconds else { return nil }
        let detail =
            "ETA to \(stop) moved \(FigureText.signedSeconds(moved)), from \(before.eta.rfc3339) to "
            + "\(after.eta.rfc3339) (limit \(FigureText.seconds(thresholds.etaJumpSeconds)))"
        return Finding(subject: subject, kind: kind, start: before.seen, end: after.time, detail: detail)
    }
}
