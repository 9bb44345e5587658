import FleetModel

/// `status-order`: status changes Fleet Engine's trip lifecycle forbids, and a trip whose data ends before it does.
///
/// The lifecycle only moves forward — NEW, ENROUTE_TO_PICKUP, ARRIVED_AT_PICKUP, then any number of intermediate
/// destinations (ENROUTE_TO_ and ARRIVED_AT_INTERMEDIATE_DESTINATION, alternating), ENROUTE_TO_DROPOFF, COMPLETE —
/// and CANCELED may end it at any point. Errors: a step back, leaving COMPLETE or CANCELED, COMPLETE before the
/// rider was picked up, a status past NEW with no vehicle assigned, an intermediate status on a trip without
/// intermediate destinations, UNKNOWN_TRIP_STATUS. A trip without COMPLETE or CANCELED is a warning when its data
/// stops well before the input's does (left behind: nobody ended it), and only noted when it runs to the input's end:
/// every export of a time window cuts trips in progress, and a rider's recording stops when the rider quits.
public enum StatusOrderDetector: FindingDetector {
    public static let kind = FindingKind.statusOrder

    public static func findings(in timeline: TripTimeline, thresholds: DiagnosisThresholds) -> [Finding] {
        var findings: [Finding] = []
        func report(_ severity: FindingSeverity, _ start: StatusChange, _ end: StatusChange?, _ detail: String) {
            findings.append(
                Finding(
                    subject: timeline.subject, kind: kind, severity: severity, start: start.time,
                    end: end?.time ?? start.time, detail: detail))
        }
        let statuses = timeline.statuses
        for (index, change) in statuses.enumerated() {
            let name = change.status.protoName
            if let problem = problem(entering: change, hasIntermediates: !timeline.intermediateDestinations.isEmpty) {
                report(.error, change, nil, "\(name) \(problem)")
            }
            guard index > 0 else { continue }
            let before = statuses[index - 1]
            let from = before.status.protoName
            if before.status.isTerminal {
                report(.error, before, change, "left \(from) for \(name): \(from) is final")
            } else if let a = rank(before.status), let b = rank(change.status), b < a {
                report(.error, before, change, "went back from \(from) to \(name)")
            } else if change.status == .complete, before.status == .new || before.status == .enrouteToPickup {
                report(.error, before, change, "COMPLETE from \(from): the rider was never picked up")
            }
        }
        if let last = statuses.last, !last.status.isTerminal, let end = timeline.span?.upperBound {
            let name = last.status.protoName
            let inputEnd = max(end, timeline.inputEnd ?? end)
            let gap = (inputEnd - end).inSeconds
            let inProgress = gap <= thresholds.missingUpdatesLimit(medianInterval: timeline.intervals.median)
            let detail =
                inProgress
                ? "still \(name) when the data ends"
                : "the trip's data stops at \(name), \(FigureText.seconds(gap)) before the input's end,"
                    + " without COMPLETE or CANCELED"
            findings.append(
                Finding(
                    subject: timeline.subject, kind: kind, severity: inProgress ? .info : .warning, start: last.time,
                    end: end, detail: detail))
        }
        return findings
    }

    /// What is wrong with entering a status on its own, whatever came before.
    private static func problem(entering change: StatusChange, hasIntermediates: Bool) -> String? {
        switch change.status {
        case .unknownTripStatus:
            return "is not a status a trip can have"
        case .enrouteToPickup, .arrivedAtPickup, .enrouteToDropoff, .complete:
            return change.vehicleId.isEmpty ? "without an assigned vehicle" : nil
        case .enrouteToIntermediateDestination, .arrivedAtIntermediateDestination:
            if change.vehicleId.isEmpty { return "without an assigned vehicle" }
            return hasIntermediates ? nil : "on a trip without intermediate destinations"
        case .new, .canceled:
            return nil
        }
    }

    /// Position in the lifecycle; the two intermediate statuses share one, as they alternate.
    private static func rank(_ status: TripStatus) -> Int? {
        switch status {
        case .new: 0
        case .enrouteToPickup: 1
        case .arrivedAtPickup: 2
        case .enrouteToIntermediateDestination, .arrivedAtIntermediateDestination: 3
        case .enrouteToDropoff: 4
        case .complete: 5
        case .canceled, .unknownTripStatus: nil
        }
    }
}
