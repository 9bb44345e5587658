import FleetModel

extension ReportCard {
    /// The card of a trip's timeline.
    public init(timeline: TripTimeline, source: String, thresholds: DiagnosisThresholds) {
        let statuses = timeline.statuses
        var spans = statuses.indices.map { StatusSpan(status: statuses[$0].status, start: statuses[$0].time) }
        for index in spans.indices.dropLast() { spans[index].end = spans[index + 1].start }
        self.init(tripName: timeline.tripName, source: source, vehicles: timeline.vehicles, statuses: spans)

        if let terminal = timeline.terminal, let index = statuses.firstIndex(of: terminal) {
            ending = .ended(terminal.status, at: terminal.time, after: index > 0 ? statuses[index - 1].status : nil)
        } else {
            ending = .unfinished(last: statuses.last?.status, dataEnds: timeline.span?.upperBound)
        }
        drive = Self.drive(of: timeline, thresholds: thresholds)
        pickup = ETAOutcome(
            promise: timeline.pickupPromise, arrival: statuses.first { $0.status == .arrivedAtPickup }?.time)
        let complete = timeline.terminal.flatMap { $0.status == .complete ? $0.time : nil }
        dropoff = ETAOutcome(promise: timeline.dropoffPromise, arrival: complete)
        updates = timeline.intervals
        stops = DwellDetector.dwells(in: timeline, thresholds: thresholds)
        offRoute = timeline.knowsNavigation ? OffRouteDetector.episodes(in: timeline) : nil
    }

    /// From the first status after NEW to the terminal one (or the end of the data), moves that are speed jumps left
    /// out: they are not driving.
    private static func drive(of timeline: TripTimeline, thresholds: DiagnosisThresholds) -> Drive? {
        guard let first = timeline.statuses.first(where: { $0.status != .new && $0.status != .unknownTripStatus }),
            !first.status.isTerminal, let end = timeline.end
        else { return nil }
        let terminal = timeline.terminal
        var drive = Drive(start: first.time, startStatus: first.status, end: end, endStatus: terminal?.status)
        let reports = timeline.reports
        let inside = { (index: Int) in reports[index].time >= first.time && reports[index].time <= end }
        var meters = 0.0
        var counted = false
        for move in timeline.moves where inside(move.to - 1) && inside(move.to) {
            counted = true
            guard !move.isImplausible(limit: thresholds.plausibleSpeed) else { continue }
            meters += move.meters
            if let speed = move.speed { drive.maxSpeed = max(drive.maxSpeed ?? 0, speed) }
        }
        drive.meters = counted ? meters : nil
        return drive
    }
}
