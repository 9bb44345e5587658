import FleetModel

/// What an export says, decoded: each trip's states from its CreateTrip/UpdateTrip entries and each vehicle's
/// reports from its UpdateVehicle entries. Other calls are read past; entries that do not decode are reported.
struct LogRecords {
    /// Trip call records by trip, in input order.
    var trips: [TripName: [TripLogRecord]] = [:]
    /// UpdateVehicle records by vehicle id, in time order.
    var reports: [String: [VehicleLogRecord]] = [:]
    /// Trip calls that failed (an `errorResponse`, no response).
    var failedTripCalls = 0
    /// Why trip entries could not be read, for the error when none could.
    var tripProblems: [String] = []
    /// Why UpdateVehicle entries could not be read, for `replay --fleet`'s error when none could.
    var vehicleProblems: [String] = []
    /// The Deliveries API's vans and tasks.
    var deliveries = DeliveryLogRecords()

    init(_ entries: [LogEntry], warn: (LogEntry, String) -> Void) {
        for entry in entries {
            do {
                switch entry.method {
                case .createTrip, .updateTrip:
                    if let record = try TripLogRecord.decode(entry) {
                        trips[record.tripName, default: []].append(record)
                    } else {
                        failedTripCalls += 1
                    }
                case .updateVehicle:
                    if let record = try VehicleLogRecord.decode(entry) {
                        reports[record.vehicleId, default: []].append(record)
                    }
                case .createDeliveryVehicle, .updateDeliveryVehicle, .createTask, .batchCreateTasks, .updateTask:
                    try deliveries.add(entry)
                default:
                    continue
                }
            } catch {
                warn(entry, error.message)
                if entry.method.isTripCall { tripProblems.append("\(entry.label): \(error.message)") }
                if entry.method == .updateVehicle { vehicleProblems.append("\(entry.label): \(error.message)") }
            }
        }
        reports = reports.mapValues { $0.sorted { $0.order < $1.order } }
    }

    /// Why there is nothing to replay, when no trip call could be read.
    var nothingToReplay: String? {
        guard trips.isEmpty else { return nil }
        if !deliveries.vans.isEmpty || !deliveries.tasks.isEmpty {
            return "no trips: this export holds the Deliveries API's calls (delivery vehicles and tasks): "
                + "`replay --fleet` plays the vans' day, `check` gives a report card per van"
        }
        let reason =
            if let problem = tripProblems.first {
                "no readable CreateTrip or UpdateTrip entries (first problem: \(problem))"
            } else if failedTripCalls > 0 {
                "no successful CreateTrip or UpdateTrip entries (\(failedTripCalls) failed with an errorResponse)"
            } else {
                "no CreateTrip or UpdateTrip entries"
            }
        return "\(reason): nothing to replay"
    }

    /// Why there are no vehicles to replay as a fleet, when no UpdateVehicle entry could be read.
    var noVehicles: String? {
        guard reports.isEmpty else { return nil }
        let reason =
            if let problem = vehicleProblems.first {
                "no readable UpdateVehicle entries (first problem: \(problem))"
            } else {
                "no successful UpdateVehicle entries"
            }
        return "\(reason): no vehicles to replay"
    }

    /// The trips in order of their first entry (their creation, when the export holds it), then by name.
    var tripsInOrder: [(name: TripName, records: [TripLogRecord])] {
        trips.compactMap { name, records in records.map(\.order).min().map { (start: $0, name: name, records: records) }
        }
        .sorted { ($0.start, $0.name.description) < ($1.start, $1.name.description) }
        .map { ($0.name, $0.records) }
    }
}
