import FleetModel

/// What a vehicle's write says, before against after: `vehicle-state` when it went ONLINE or OFFLINE, and
/// `geofence-exit` then `geofence-enter` for each fence its location left or came into.
///
/// Geofences, as Traccar decides them: the set of fences containing the last location before, against the set
/// containing it after, with no dwell time or hysteresis. A location older than the one before is skipped (a
/// buffered fix arriving late would otherwise bounce the vehicle out of a fence and back); a new vehicle, or one
/// with no location before, is outside every fence.
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
        guard !geofences.isEmpty, let to = after.lastLocation?.location else { return events }
        let from = before?.lastLocation?.location
        if let old = before?.lastLocation?.updateTime, let new = after.lastLocation?.updateTime, new < old {
            return events
        }
        guard from != to else { return events }
        let (exited, entered) = Geofence.crossings(from: from, to: to, of: geofences)
        func event(_ kind: FleetEventKind, _ fence: String) -> DetectedEvent {
            DetectedEvent(
                kind: kind, vehicle: after.name, geofence: fence,
                before: from.map { .object(["inside": .bool(kind == .geofenceExit), "location": json($0)]) },
                after: .object(["inside": .bool(kind == .geofenceEnter), "location": json(to)]))
        }
        events += exited.map { event(.geofenceExit, $0.name) }
        events += entered.map { event(.geofenceEnter, $0.name) }
        return events
    }

    static func json(_ point: LatLng) -> JSONValue {
        .object(["latitude": .number(point.latitude), "longitude": .number(point.longitude)])
    }
}
