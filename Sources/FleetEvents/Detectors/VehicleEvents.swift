import FleetModel

/// What a vehicle's write says, before against after: `vehicle-state` when it went ONLINE or OFFLINE, then its
/// geofence crossings (``GeofenceEvents``).
public enum VehicleEvents {
    public static func detect(before: Vehicle?, after: Vehicle, geofences: [Geofence]) -> [DetectedEvent] {
        var events: [DetectedEvent] = []
        let oldState = before?.vehicleState ?? .unknownVehicleState
        if after.vehicleState != oldState, after.vehicleState != .unknownVehicleState {
            events.append(
                DetectedEvent(
                    kind: .vehicleState, vehicle: after.name,
                    before: before.map { .object(["vehicleState": .string($0.vehicleState.protoName)]) },
                    after: .object(["vehicleState": .string(after.vehicleState.protoName)])))
        }
        return events
            + GeofenceEvents.detect(
                vehicle: after.name, before: GeofenceEvents.Fix(before?.lastLocation),
                after: GeofenceEvents.Fix(after.lastLocation), geofences: geofences)
    }
}
