import FleetEvents
import FleetModel

/// `geofence`: each time the vehicle's reports enter or leave one of ``DiagnosisThresholds/geofences`` — by the rule
/// the live server's `geofence-enter` and `geofence-exit` events use (``Geofence/crossings(from:to:of:)``), so a
/// recording checks as the server would have told. The first report counts as coming from outside every fence.
public enum GeofenceDetector: TrackFindingDetector {
    public static let kind = FindingKind.geofence

    public static func findings(of timeline: some ReportedTrack, thresholds: DiagnosisThresholds) -> [Finding] {
        guard !thresholds.geofences.isEmpty else { return [] }
        var findings: [Finding] = []
        var previous: LocationReport?
        for report in timeline.reports {
            // A change of vehicle starts again from outside, as a vehicle new to the server does.
            let from = previous?.vehicleId == report.vehicleId ? previous?.point : nil
            let (exited, entered) = Geofence.crossings(from: from, to: report.point, of: thresholds.geofences)
            for (fences, verb) in [(exited, "left"), (entered, "entered")] {
                for fence in fences {
                    findings.append(
                        Finding(
                            subject: timeline.subject, kind: kind, start: report.time, end: report.time,
                            detail: "\(verb) \(fence.name) at \(FigureText.point(report.point))"))
                }
            }
            previous = report
        }
        return findings
    }
}
