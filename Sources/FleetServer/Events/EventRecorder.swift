import FleetEvents
import FleetModel
import Foundation

/// The store's side of events: given to every write's ``FleetTransaction`` when events are on, it runs the
/// detectors (module FleetEvents, pure functions of before and after) on what the write changes and appends what
/// they find to the outbox, in the write's savepoint — so a write that fails or rolls back records nothing.
struct EventRecorder: Sendable {
    let geofences: [Geofence]
    let thresholds: EventThresholds
    /// The server's clock: an event's time is when its write ran.
    let clock: @Sendable () -> Date

    init(configuration: EventConfiguration, clock: @escaping @Sendable () -> Date) {
        geofences = configuration.geofences
        thresholds = configuration.thresholds
        self.clock = clock
    }

    var now: ProtoTimestamp { ProtoTimestamp(clock()) }
}

extension FleetTransaction {
    func recordTrip(before: Trip?, after: Trip, provider: String) throws {
        guard let events else { return }
        try append(TripEvents.detect(before: before, after: after), provider: provider, time: events.now)
    }

    func recordVehicle(before: Vehicle?, after: Vehicle, provider: String) throws {
        guard let events else { return }
        let now = events.now
        var found = VehicleEvents.detect(before: before, after: after, geofences: events.geofences)
        if let tripID = TripProgressEvents.nextTrip(of: after),
            TripProgressEvents.isReport(before: before, after: after)
        {
            found += try watching(provider: provider, subject: "trips/\(tripID)") { watch in
                TripProgressEvents.detect(vehicle: after, now: now, watch: watch, thresholds: events.thresholds)
            }
        }
        try append(found, provider: provider, time: now)
    }

    func recordDeliveryVehicle(before: DeliveryVehicle?, after: DeliveryVehicle, provider: String) throws {
        guard let events else { return }
        let now = events.now
        var found = DeliveryVehicleEvents.detect(before: before, after: after, geofences: events.geofences)
        let tasks =
            TaskProgressEvents.isReport(before: before, after: after) ? TaskProgressEvents.nextStopTasks(of: after) : []
        for taskID in tasks {
            found += try watching(provider: provider, subject: "tasks/\(taskID)") { watch in
                TaskProgressEvents.detect(
                    vehicle: after, taskID: taskID, now: now, watch: watch, thresholds: events.thresholds)
            }
        }
        try append(found, provider: provider, time: now)
    }

    func recordTask(before: DeliveryTask?, after: DeliveryTask, provider: String) throws {
        guard let events else { return }
        try append(TaskEvents.detect(before: before, after: after), provider: provider, time: events.now)
    }

    /// Runs a progress detector over the subject's stored watch, keeping the watch it returns when it changed.
    private func watching(
        provider: String, subject: String,
        _ detect: (ProgressWatch?) -> (events: [DetectedEvent], watch: ProgressWatch)?
    ) throws -> [DetectedEvent] {
        let stored = try progressWatch(provider: provider, subject: subject)
        guard let detected = detect(stored) else { return [] }
        if detected.watch != stored { try setProgressWatch(detected.watch, provider: provider, subject: subject) }
        return detected.events
    }
}
