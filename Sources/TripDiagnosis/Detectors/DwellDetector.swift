import FleetModel
import TripFollowing

/// `dwell`: the vehicle within ``DiagnosisThresholds/dwellRadiusMeters`` of one place for at least
/// ``DiagnosisThresholds/dwellMinimumSeconds`` — measured in time between reports, not in their count, and broken by
/// a silence that `missing-updates` would report, so that visits on different days are never one stay.
///
/// A stay at a stop — this trip's, or another trip's the vehicle served meanwhile (see
/// ``TripTimeline/stopName(near:)``) — is the ride's business, a rider late to the kerb or a no-show: the report card
/// lists it among the stops, and it is no finding.
public enum DwellDetector: TrackFindingDetector {
    public static let kind = FindingKind.dwell

    public static func findings(of timeline: some ReportedTrack, thresholds: DiagnosisThresholds) -> [Finding] {
        dwells(in: timeline, thresholds: thresholds).compactMap { dwell in
            guard timeline.stopName(near: dwell.point) == nil else { return nil }
            let radius = FigureText.meters(thresholds.dwellRadiusMeters)
            let detail =
                "stayed within \(radius) for \(FigureText.seconds(dwell.seconds)) (\(dwell.reports) reports)"
                + " at \(FigureText.point(dwell.point))"
            return Finding(subject: timeline.subject, kind: kind, start: dwell.start, end: dwell.end, detail: detail)
        }
    }

    /// Every stay, in order: each report joins the stay begun by an earlier one while it is within the radius of
    /// that first report, from the same vehicle, and without a silence before it.
    public static func dwells(in timeline: some ReportedTrack, thresholds: DiagnosisThresholds) -> [Dwell] {
        let reports = timeline.reports
        let silence = thresholds.missingUpdatesLimit(medianInterval: timeline.intervals.median)
        var dwells: [Dwell] = []
        var first = 0
        var last = 0
        func close() {
            guard !reports.isEmpty,
                (reports[last].time - reports[first].time).inSeconds >= thresholds.dwellMinimumSeconds
            else { return }
            dwells.append(
                Dwell(
                    start: reports[first].time, end: reports[last].time, point: reports[first].point,
                    reports: last - first + 1))
        }
        for index in reports.indices.dropFirst() {
            let report = reports[index]
            let stays =
                report.vehicleId == reports[first].vehicleId
                && (report.time - reports[last].time).inSeconds <= silence
                && Geo.distance(reports[first].point, report.point) <= thresholds.dwellRadiusMeters
            if stays {
                last = index
            } else {
                close()
                first = index
                last = index
            }
        }
        close()
        return dwells
    }
}
