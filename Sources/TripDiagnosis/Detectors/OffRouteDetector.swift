import FleetModel

/// `off-route`: each OFF_ROUTE episode of the vehicle's navigation status. Only Cloud Logging exports hold the
/// status (``TripTimeline/navigation``); elsewhere there are no episodes and the report card says unknown.
public enum OffRouteDetector: TrackFindingDetector {
    public static let kind = FindingKind.offRoute

    public static func findings(of timeline: some ReportedTrack, thresholds: DiagnosisThresholds) -> [Finding] {
        episodes(in: timeline).map { episode in
            let until = episode.endsWithData ? " until the data ends" : ""
            let detail = "navigation OFF_ROUTE for \(FigureText.seconds(episode.seconds))\(until)"
            return Finding(
                subject: timeline.subject, kind: kind, start: episode.start, end: episode.end,
                detail: detail)
        }
    }

    public static func episodes(in timeline: some ReportedTrack) -> [OffRouteEpisode] {
        var episodes: [OffRouteEpisode] = []
        var since: ProtoTimestamp?
        for change in timeline.navigation {
            if change.status == .offRoute {
                if since == nil { since = change.time }
            } else if let start = since {
                episodes.append(OffRouteEpisode(start: start, end: change.time))
                since = nil
            }
        }
        if let start = since {
            episodes.append(OffRouteEpisode(start: start, end: max(start, timeline.end ?? start), endsWithData: true))
        }
        return episodes
    }
}
