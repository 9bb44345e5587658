import FleetModel

/// `speed-jump`: moves between consecutive reports faster than ``DiagnosisThresholds/plausibleSpeed``. Consecutive
/// such moves are one finding, so a fix that teleports out and comes back is one jump, said to end where it began.
public enum SpeedJumpDetector: TrackFindingDetector {
    public static let kind = FindingKind.speedJump

    public static func findings(of timeline: some ReportedTrack, thresholds: DiagnosisThresholds) -> [Finding] {
        let limit = thresholds.plausibleSpeed
        var findings: [Finding] = []
        var run: [Move] = []
        func close() {
            guard let first = run.first, let last = run.last else { return }
            let start = timeline.reports[first.to - 1], end = timeline.reports[last.to]
            let fastest = run.max { ($0.speed ?? .infinity) < ($1.speed ?? .infinity) }!
            var detail = run.count == 1 ? "moved " : "\(run.count) moves faster than the limit, the fastest "
            detail += describe(fastest) + " (limit \(FigureText.speed(limit)))"
            if run.count > 1 {
                detail += "; ending \(FigureText.meters(Geo.distance(start.point, end.point))) from where they began"
            }
            findings.append(
                Finding(
                    subject: timeline.subject, kind: kind, start: start.time, end: end.time,
                    detail: detail))
            run = []
        }
        for move in timeline.moves {
            if let last = run.last, last.to + 1 != move.to { close() }
            if move.isImplausible(limit: limit) { run.append(move) } else { close() }
        }
        close()
        return findings
    }

    private static func describe(_ move: Move) -> String {
        let speed = move.speed.map { "at " + FigureText.speed($0) } ?? "instantly"
        return "\(FigureText.meters(move.meters)) in \(FigureText.seconds(move.seconds)) \(speed)"
    }
}
