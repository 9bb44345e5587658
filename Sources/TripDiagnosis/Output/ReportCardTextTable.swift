import FleetModel
import TripFollowing

/// `check`'s default output: each trip's report card as a two-column table, then its findings, for people.
///
/// ```
/// trip         a51c8f15-47c0-4bae-8262-8421b0a3e058
/// ended        CANCELED at 2021-11-13T18:39:31Z, after ENROUTE_TO_DROPOFF
/// drive        7.9 km in 16 min 31 s, ENROUTE_TO_PICKUP → CANCELED
/// ```
public enum ReportCardTextTable {
    static let labelWidth = 13

    public static func text(for trip: DiagnosedTrip) -> String {
        let card = trip.diagnosis.card
        let timeline = trip.diagnosis.timeline
        var lines: [String] = []
        func row(_ label: String, _ values: [String]) { lines += Self.row(label, values) }
        row("trip", ["\(card.tripName.tripID)  (\(card.tripName.description))"])
        row("file", ["\(trip.file)  (\(card.source))"])
        if trip.inputWarnings > 0 {
            row(
                "input",
                [
                    "\(Summary.count(trip.inputWarnings, "problem")) skipped while reading (see the warnings): "
                        + "the figures may miss what was there"
                ])
        }
        let vehicles = card.vehicles.isEmpty ? "none assigned" : card.vehicles.joined(separator: ", ")
        row(card.vehicles.count > 1 ? "vehicles" : "vehicle", [vehicles])
        row("ended", [card.ending.summary])
        row("statuses", statuses(card.statuses))
        row("drive", [drive(card.drive)])
        row("speed", [speed(card.drive)])
        row("pickup ETA", [eta(card.pickup, arrival: "ARRIVED_AT_PICKUP")])
        row("dropoff ETA", [eta(card.dropoff, arrival: "COMPLETE")])
        row("updates", [updates(card.updates)])
        row("stops", stops(card.stops, timeline: timeline))
        row("off route", offRoute(card.offRoute))
        row("findings", findings(trip.diagnosis.findings))
        return lines.joined(separator: "\n")
    }

    /// A row of the table: the label, then each value on a line of its own under the first.
    static func row(_ label: String, _ values: [String]) -> [String] {
        values.enumerated().map { index, value in
            let head = index == 0 ? label : ""
            return head + String(repeating: " ", count: max(1, labelWidth - head.count)) + value
        }
    }

    /// Findings alone, one a line: `START  END  SEVERITY  KIND  TRIP-OR-VAN  DETAIL`.
    public static func line(for finding: Finding) -> String {
        [
            finding.start.rfc3339, finding.end.rfc3339, finding.severity.rawValue.padded(7),
            finding.kind.rawValue.padded(15), finding.subject.id, finding.detail,
        ].joined(separator: "  ")
    }

    private static func statuses(_ spans: [StatusSpan]) -> [String] {
        guard !spans.isEmpty else { return ["none: the data holds no trip state"] }
        let width = spans.map(\.status.protoName.count).max() ?? 0
        return spans.map { span in
            let time = span.seconds.map { "  " + FigureText.seconds($0) } ?? ""
            return span.status.protoName.padded(width) + "  " + span.start.rfc3339 + time
        }
    }

    private static func drive(_ drive: Drive?) -> String {
        guard let drive else { return "none: the trip never left NEW" }
        let distance = drive.meters.map(FigureText.meters) ?? "unknown distance (fewer than two reports)"
        let end = drive.endStatus?.protoName ?? "the end of the data"
        return "\(distance) in \(FigureText.seconds(drive.seconds)), \(drive.startStatus.protoName) → \(end)"
    }

    private static func speed(_ drive: Drive?) -> String {
        let average = drive?.averageSpeed.map(FigureText.speed) ?? "unknown"
        let max = drive?.maxSpeed.map(FigureText.speed) ?? "unknown"
        return "average \(average), max \(max)"
    }

    private static func eta(_ outcome: ETAOutcome, arrival name: String) -> String {
        guard let promise = outcome.promise else { return "unknown: no ETA shown after the vehicle was assigned" }
        var text = "promised \(promise.eta.rfc3339) (at \(promise.madeAt.rfc3339))"
        guard let arrival = outcome.arrival, let error = outcome.errorSeconds else {
            return text + ", no \(name) in the data"
        }
        text += ", arrived \(arrival.rfc3339): "
        if error.magnitude < 0.5 { return text + "on time" }
        return text + FigureText.seconds(error.magnitude) + (error > 0 ? " late" : " early")
    }

    static func updates(_ statistics: IntervalStatistics) -> String {
        var text = Summary.count(statistics.reports, "report")
        if let median = statistics.median, let p95 = statistics.p95, let max = statistics.max {
            text += ", interval median \(FigureText.seconds(median)), p95 \(FigureText.seconds(p95))"
            text += ", max \(FigureText.seconds(max))"
        }
        return text
    }

    private static func stops(_ stops: [Dwell], timeline: TripTimeline) -> [String] {
        guard !stops.isEmpty else { return ["none"] }
        let total = FigureText.seconds(stops.map(\.seconds).reduce(0, +))
        return ["\(stops.count), \(total) in all"]
            + stops.map { stop in
                let place = timeline.stopName(near: stop.point) ?? FigureText.point(stop.point)
                return "\(stop.start.rfc3339)  \(FigureText.seconds(stop.seconds).padded(11))  at \(place)"
            }
    }

    private static func offRoute(_ episodes: [OffRouteEpisode]?) -> [String] {
        guard let episodes else { return ["unknown: the input holds no navigation status"] }
        guard !episodes.isEmpty else { return ["none"] }
        let total = FigureText.seconds(episodes.map(\.seconds).reduce(0, +))
        return ["\(Summary.count(episodes.count, "episode")), \(total) in all"]
            + episodes.map { episode in
                "\(episode.start.rfc3339)  \(FigureText.seconds(episode.seconds))"
                    + (episode.endsWithData ? " (until the data ends)" : "")
            }
    }

    static func findings(_ findings: [Finding]) -> [String] {
        guard !findings.isEmpty else { return ["none"] }
        let counts = FindingSeverity.allCases.reversed().compactMap { severity -> String? in
            let count = findings.count(where: { $0.severity == severity })
            return count == 0 ? nil : Summary.count(count, severity.rawValue, plural: severity == .info ? "info" : nil)
        }
        return ["\(findings.count): " + counts.joined(separator: ", ")]
            + findings.map { finding in
                "\(finding.start.rfc3339)  \(finding.end.rfc3339)  \(finding.severity.rawValue.padded(7))  "
                    + "\(finding.kind.rawValue.padded(15))  \(finding.detail)"
            }
    }
}
