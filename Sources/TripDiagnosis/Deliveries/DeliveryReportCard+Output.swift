import FleetModel
import TripFollowing

/// `check`'s output for a delivery van: the same two-column table as a trip's card, its findings last, or one JSON
/// object per van with `--json` (keys sorted, figures rounded, unknown figures `null`).
///
/// ```
/// van          van-1  (providers/p/deliveryVehicles/van-1)
/// day          2026-11-28T09:00:00Z – 11:42:10 (2 h 42 min), 512 reports, 18.4 km
/// updates      480 reports, interval median 10 s, p95 10 s, max 2 min 2 s
/// stops        5 served, 0 left
/// stop 1       arrived 09:12:40, done 09:15:02  t-1a, t-1b  ETA mean error 35 s; 5 min before: +20 s
/// tasks        6 succeeded, 1 failed, 0 closed without an outcome, 1 open
/// outcomes     farthest from the planned place: t-3a 340 m (LAST_VEHICLE_LOCATION), t-1b 12 m
/// findings     none
/// ```
extension DeliveryDiagnosis {
    /// The card as a table, naming the file it came from.
    public func text(file: String) -> String {
        var lines: [String] = []
        func row(_ label: String, _ values: [String]) { lines += ReportCardTextTable.row(label, values) }
        let id = (try? DeliveryVehicleName(parsing: card.vehicleName))?.vehicleID ?? card.vehicleName
        row("van", ["\(id)  (\(card.vehicleName))"])
        row("file", ["\(file)  (\(card.source))"])
        var day = card.span.map { "\($0.lowerBound.rfc3339) – \($0.upperBound.rfc3339)" } ?? "no reports"
        if let span = card.span { day += " (\(FigureText.seconds((span.upperBound - span.lowerBound).inSeconds)))" }
        row("day", ["\(day), \(Summary.count(card.reports, "report")), \(FigureText.meters(card.meters))"])
        row("updates", [ReportCardTextTable.updates(card.updates)])
        row("stops", ["\(card.served.count) served, \(card.stopsLeft) left"])
        for (index, visit) in card.served.enumerated() { row("stop \(index + 1)", [Self.line(visit)]) }
        row(
            "tasks",
            [
                "\(card.outcomes.succeeded) succeeded, \(card.outcomes.failed) failed, "
                    + "\(card.outcomes.closedWithoutOutcome) closed without an outcome, \(card.outcomes.open) open"
            ])
        let places = card.outcomePlaces.prefix(3).map {
            "\($0.taskID) \(FigureText.meters($0.meters)) (\($0.source.protoName))"
        }
        row(
            "outcomes",
            [
                places.isEmpty
                    ? "no outcome places recorded"
                    : "farthest from the planned place: " + places.joined(separator: ", ")
            ])
        row("findings", ReportCardTextTable.findings(findings))
        return lines.joined(separator: "\n")
    }

    private static func line(_ visit: DeliveryReportCard.StopVisit) -> String {
        var parts: [String] = []
        parts.append(visit.arrived.map { "arrived \($0.rfc3339)" } ?? "never said ARRIVED")
        parts.append(visit.completed.map { "done \($0.rfc3339)" } ?? "not done")
        var text = parts.joined(separator: ", ") + "  " + visit.taskIDs.joined(separator: ", ")
        if let mean = visit.meanETAErrorSeconds {
            text += "  ETA mean error \(FigureText.seconds(mean))"
            if let late = visit.etaLateness {
                text += "; \(FigureText.seconds(late.lead)) before: \(FigureText.signedSeconds(late.seconds))"
            }
        } else {
            text += "  no ETA reported"
        }
        return text
    }

    /// The card as one JSON object (a line of `check --json`).
    public func json(file: String) -> String {
        typealias J = DiagnosisJSON
        let object: [String: JSONValue] = [
            "file": .string(file), "deliveryVehicle": .string(card.vehicleName), "source": .string(card.source),
            "start": J.time(card.span?.lowerBound), "end": J.time(card.span?.upperBound),
            "reports": .number(Double(card.reports)),
            "meters": J.rounded(card.meters, places: 1), "stopsLeft": .number(Double(card.stopsLeft)),
            "updates": .object([
                "count": .number(Double(card.updates.reports)), "medianIntervalSeconds": J.seconds(card.updates.median),
                "p95IntervalSeconds": J.seconds(card.updates.p95), "maxIntervalSeconds": J.seconds(card.updates.max),
            ]),
            "served": .array(
                card.served.map { visit in
                    .object([
                        "tasks": .array(visit.taskIDs.map(JSONValue.string)), "arrived": J.time(visit.arrived),
                        "completed": J.time(visit.completed),
                        "etaPredictions": .number(Double(visit.predictions.count)),
                        "etaMeanErrorSeconds": J.seconds(visit.meanETAErrorSeconds),
                        "etaLeadSeconds": J.seconds(visit.etaLateness?.lead),
                        "etaLatenessSeconds": J.seconds(visit.etaLateness?.seconds),
                        "latitude": visit.planned.map { J.degrees($0.latitude) } ?? .null,
                        "longitude": visit.planned.map { J.degrees($0.longitude) } ?? .null,
                    ])
                }),
            "tasks": .object([
                "succeeded": .number(Double(card.outcomes.succeeded)), "failed": .number(Double(card.outcomes.failed)),
                "closedWithoutOutcome": .number(Double(card.outcomes.closedWithoutOutcome)),
                "open": .number(Double(card.outcomes.open)),
            ]),
            "outcomePlaces": .array(
                card.outcomePlaces.map {
                    .object([
                        "task": .string($0.taskID), "meters": J.rounded($0.meters, places: 1),
                        "source": .string($0.source.protoName),
                    ])
                }),
            "findings": .array(findings.map(J.finding)),
        ]
        return J.encode(.object(object))
    }
}
