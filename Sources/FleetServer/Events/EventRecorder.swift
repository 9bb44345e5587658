import FleetEvents
import FleetModel
import Foundation

/// The store's side of events: given to every write's ``FleetTransaction`` when events are on, it runs the
/// detectors (module FleetEvents, pure functions of before and after) on what the write changes and appends what
/// they find to the outbox, in the write's savepoint — so a write that fails or rolls back records nothing.
struct EventRecorder: Sendable {
    let geofences: [Geofence]
    let etaChange: Duration
    /// The server's clock: an event's time is when its write ran.
    let clock: @Sendable () -> Date

    init(configuration: EventConfiguration, clock: @escaping @Sendable () -> Date) {
        geofences = configuration.geofences
        etaChange = configuration.etaChange
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
        var found = VehicleEvents.detect(before: before, after: after, geofences: events.geofences)
        if let next = TripEtaEvents.nextStop(of: after) {
            let stored = try etaBaseline(provider: provider, tripID: next.tripID)
            if let detected = TripEtaEvents.detect(vehicle: after, baseline: stored, threshold: events.etaChange) {
                if let event = detected.event { found.append(event) }
                if detected.baseline != stored {
                    try setEtaBaseline(detected.baseline, provider: provider, tripID: next.tripID)
                }
            }
        }
        try append(found, provider: provider, time: events.now)
    }

    func recordTask(before: DeliveryTask?, after: DeliveryTask, provider: String) throws {
        guard let events else { return }
        try append(TaskEvents.detect(before: before, after: after), provider: provider, time: events.now)
    }
}
