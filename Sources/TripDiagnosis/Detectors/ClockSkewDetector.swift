import FleetModel
import TripFollowing

/// `clock-skew`: reports whose device time (`updateTime`, else `rawLocationTime`) is further than
/// ``DiagnosisThresholds/clockSkewSeconds`` from the time the server received them (`serverTime`). Consecutive such
/// reports are one finding. Inputs without both times (GPX, GeoJSON, most trip files) have none.
public enum ClockSkewDetector: TrackFindingDetector {
    public static let kind = FindingKind.clockSkew

    public static func findings(of timeline: some ReportedTrack, thresholds: DiagnosisThresholds) -> [Finding] {
        var findings: [Finding] = []
        var run: (first: LocationReport, last: LocationReport, worst: Double, count: Int)?
        func close() {
            guard let episode = run else { return }
            let direction = episode.worst > 0 ? "ahead of" : "behind"
            let skew = FigureText.seconds(episode.worst.magnitude)
            var detail =
                episode.count > 1
                ? "device clock up to \(skew) \(direction) the server's in "
                    + "\(episode.count) reports" : "device clock \(skew) \(direction) the server's"
            detail += " (limit \(FigureText.seconds(thresholds.clockSkewSeconds)))"
            findings.append(
                Finding(
                    subject: timeline.subject, kind: kind, start: episode.first.time,
                    end: episode.last.time, detail: detail))
            run = nil
        }
        for report in timeline.reports {
            guard let device = report.deviceTime, let server = report.serverTime else {
                close()
                continue
            }
            let skew = (device - server).inSeconds
            guard skew.magnitude > thresholds.clockSkewSeconds else {
                close()
                continue
            }
            if let episode = run {
                let worst = skew.magnitude > episode.worst.magnitude ? skew : episode.worst
                run = (episode.first, report, worst, episode.count + 1)
            } else {
                run = (report, report, skew, 1)
            }
        }
        close()
        return findings
    }
}
