import FleetModel

/// `status-order`: status changes Fleet Engine's trip lifecycle forbids, and a trip whose data ends before it does.
///
/// The lifecycle only moves forward — NEW, ENROUTE_TO_PICKUP, ARRIVED_AT_PICKUP, then any number of intermediate
/// destinations (ENROUTE_TO_ and ARRIVED_AT_INTERMEDIATE_DESTINATION, alternating), ENROUTE_TO_DROPOFF, COMPLETE —
/// and CANCELED may end it at any point. Errors: a step back, leaving COMPLETE or CANCELED, COMPLETE before the
/// rider was picked up, a status past NEW with no vehicle assigned, an intermediate status on a trip without
/// intermediate destinations, UNKNOWN_TRIP_STATUS. A warning: no COMPLETE or CANCELED by the end of the data (the
/// recording may simply have stopped early).
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
            let detail = "the data ends at \(last.status.protoName), without COMPLETE or CANCELED"
            findings.append(
                Finding(
                    subject: timeline.subject, kind: kind, severity: .warning, start: last.time,
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
