import FleetModel

/// Rebuilds one trip over time from its own calls and its vehicle's reports, the way Fleet Engine maintained it.
///
/// - CreateTrip and UpdateTrip responses are the whole trip after the call, so each replaces the state — except that
///   a response without a vehicle location (the terminal update, usually) keeps the last one while the trip names the
///   same vehicle, so the rider's map does not lose the car at the end.
/// - Between them, the assigned vehicle's UpdateVehicle reports are copied in (see ``VehicleLogRecord/apply(to:)``),
///   from the moment the trip names the vehicle until it is COMPLETE or CANCELED.
/// - Every change becomes one snapshot at the entry's time; reports that change nothing add nothing.
/// - The navigation status of the reports it copies in is kept beside the events (``TripRecording/navigation``), one
///   entry per change, as a trip has no field for it.
/// - A silence of more than a minute in the vehicle's reports while it serves the trip becomes a note, at the next
///   report or trip update: Fleet Engine expects a report at least every minute, so a replay showing a frozen car
///   there is faithful, not broken.
struct TripRebuilder {
    var tripName: TripName
    var source: String

    /// Longer than this without a report from the assigned vehicle is worth telling the viewer about.
    static let reportGap: Duration = .seconds(60)

    private enum Step {
        case trip(TripLogRecord)
        case vehicle(VehicleLogRecord)

        var order: LogOrder {
            switch self {
            case .trip(let record): record.order
            case .vehicle(let record): record.order
            }
        }

        var location: LogEntryLocation? {
            switch self {
            case .trip(let record): record.location
            case .vehicle(let record): record.entryLocation
            }
        }
    }

    /// - Parameters:
    ///   - trips: this trip's CreateTrip/UpdateTrip records.
    ///   - reports: UpdateVehicle records by vehicle id, each list in time order.
    func recording(trips: [TripLogRecord], reports: [String: [VehicleLogRecord]]) -> TripRecording {
        var recording = TripRecording(tripName: tripName, source: source)
        let sortedTrips = trips.sorted { $0.order < $1.order }
        guard let first = sortedTrips.first?.order else { return recording }
        // No upper bound: an export that ends before the trip does still has the vehicle's last reports.
        let assigned = Set(sortedTrips.map(\.trip.vehicleId).filter { !$0.isEmpty })
        let window = assigned.flatMap { reports[$0] ?? [] }.filter { first < $0.order }
        let steps = (sortedTrips.map(Step.trip) + window.map(Step.vehicle)).sorted { $0.order < $1.order }

        var current: Trip?
        var emitted: Trip?
        var lastReport: ProtoTimestamp?
        for step in steps {
            switch step {
            case .trip(let record):
                var next = record.trip
                if let previous = current, !next.vehicleId.isEmpty, next.vehicleId == previous.vehicleId {
                    noteSilence(
                        of: next.vehicleId, since: lastReport, until: record.order.time, entry: record.location,
                        in: &recording)
                    if next.lastLocation == nil { next.lastLocation = previous.lastLocation }
                }
                // Silences are measured from the vehicle's last report or the trip's last update, whichever is later.
                lastReport = next.vehicleId.isEmpty ? nil : record.order.time
                current = next
            case .vehicle(let report):
                guard var trip = current, report.vehicleId == trip.vehicleId, !trip.tripStatus.isTerminal else {
                    continue
                }
                noteSilence(
                    of: report.vehicleId, since: lastReport, until: report.order.time, entry: report.entryLocation,
                    in: &recording)
                lastReport = report.order.time
                report.apply(to: &trip)
                current = trip
                noteNavigation(of: report, in: &recording)
            }
            if let current, current != emitted {
                var event = TripEvent.snapshot(current, at: step.order.time)
                event.logEntry = step.location
                recording.events.append(event)
                emitted = current
            }
        }
        recording.sortEvents()
        return recording
    }

    /// Keeps the report's navigation status when it differs from the last one kept.
    private func noteNavigation(of report: VehicleLogRecord, in recording: inout TripRecording) {
        guard report.navigationStatus != .unknownNavigationStatus else { return }
        let status = report.navigationStatus
        if let last = recording.navigation.last, last.status == status, last.vehicleId == report.vehicleId { return }
        let change = NavigationChange(time: report.order.time, vehicleId: report.vehicleId, status: status)
        recording.navigation.append(change)
    }

    /// Adds a note when the assigned vehicle said nothing for longer than ``reportGap`` before `time`.
    private func noteSilence(
        of vehicleId: String, since last: ProtoTimestamp?, until time: ProtoTimestamp, entry: LogEntryLocation?,
        in recording: inout TripRecording
    ) {
        guard let last, time - last > Self.reportGap else { return }
        let text = "no report from vehicle \(vehicleId) for \((time - last).components.seconds) s"
        // The entry that broke the silence.
        var note = TripEvent.note(text, at: time)
        note.logEntry = entry
        recording.events.append(note)
    }
}
