import FleetModel

/// `check --csv`: a header and one row per trip (report card figures, time in each status, finding counts), or per
/// finding with `--findings`, for a spreadsheet. RFC 4180 quoting; an unknown figure is an empty cell.
public enum DiagnosisCSV {
    /// The statuses with a column of their own for the time spent in them (the terminal ones have no time).
    static let timedStatuses: [TripStatus] = [
        .new, .enrouteToPickup, .arrivedAtPickup, .enrouteToIntermediateDestination, .arrivedAtIntermediateDestination,
        .enrouteToDropoff,
    ]

    public static var cardHeader: String {
        let columns =
            ["file", "trip", "vehicles", "status_path", "ended", "ended_at"]
            + timedStatuses.map { $0.protoName.lowercased() + "_s" }
            + ["drive_start", "drive_end", "distance_m", "duration_s", "average_speed_mps", "max_speed_mps"]
            + ["pickup_promised_at", "pickup_eta", "pickup_arrival", "pickup_eta_error_s"]
            + ["dropoff_promised_at", "dropoff_eta", "dropoff_arrival", "dropoff_eta_error_s"]
            + ["updates", "interval_median_s", "interval_p95_s", "interval_max_s", "stops", "stopped_s"]
            + ["off_route_episodes", "off_route_s", "findings"] + FindingKind.allCases.map(\.rawValue)
            + ["input_warnings"]
        return row(columns)
    }

    public static func row(for trip: DiagnosedTrip) -> String {
        let card = trip.diagnosis.card
        var cells = [
            trip.file, card.tripName.description, card.vehicles.joined(separator: " "),
            card.statuses.map(\.status.protoName).joined(separator: ">"),
        ]
        switch card.ending {
        case .ended(let status, let at, _): cells += [status.protoName, at.rfc3339]
        case .unfinished: cells += ["", ""]
        }
        for status in timedStatuses {
            let spans = card.statuses.filter { $0.status == status }
            let known = spans.compactMap(\.seconds)
            cells.append(!spans.isEmpty && known.count == spans.count ? decimal(known.reduce(0, +)) : "")
        }
        let drive = card.drive
        cells += [
            time(drive?.start), time(drive?.end), decimal(drive?.meters, places: 1), decimal(drive?.seconds),
            decimal(drive?.averageSpeed, places: 2), decimal(drive?.maxSpeed, places: 2),
        ]
        for outcome in [card.pickup, card.dropoff] {
            cells += [
                time(outcome.promise?.madeAt), time(outcome.promise?.eta), time(outcome.arrival),
                decimal(outcome.errorSeconds),
            ]
        }
        cells += [
            String(card.updates.reports), decimal(card.updates.median), decimal(card.updates.p95),
            decimal(card.updates.max), String(card.stops.count), decimal(card.stops.map(\.seconds).reduce(0, +)),
        ]
        cells += [
            card.offRoute.map { String($0.count) } ?? "",
            decimal(card.offRoute.map { $0.map(\.seconds).reduce(0, +) }),
        ]
        let findings = trip.diagnosis.findings
        cells.append(String(findings.count))
        cells += FindingKind.allCases.map { kind in String(findings.count(where: { $0.kind == kind })) }
        cells.append(String(trip.inputWarnings))
        return row(cells)
    }

    public static var findingHeader: String { row(["file", "trip", "kind", "severity", "start", "end", "detail"]) }

    public static func row(for finding: Finding, file: String) -> String {
        row([
            file, finding.subject.description, finding.kind.rawValue, finding.severity.rawValue,
            finding.start.rfc3339, finding.end.rfc3339, finding.detail,
        ])
    }

    static func row(_ cells: [String]) -> String { cells.map(quoted).joined(separator: ",") }

    static func quoted(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + cell.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    private static func time(_ time: ProtoTimestamp?) -> String { time?.rfc3339 ?? "" }

    private static func decimal(_ value: Double?, places: Int = 3) -> String {
        guard let value, value.isFinite else { return "" }
        // Trailing zeros dropped: 12.5, not 12.500.
        var text = FigureText.decimal(value, places: places)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
