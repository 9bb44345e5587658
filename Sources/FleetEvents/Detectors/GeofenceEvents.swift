import FleetModel

/// `geofence-exit` then `geofence-enter` for each fence a vehicle's location left or came into, for vehicles and
/// delivery vehicles alike.
///
/// As Traccar decides them (``Geofence/crossings(from:to:of:)``): the set of fences containing the last location
/// before, against the set containing it after, with no dwell time or hysteresis. A location older than the one
/// before is skipped (a buffered fix arriving late would otherwise bounce the vehicle out of a fence and back); a
/// new vehicle, or one with no location before, is outside every fence.
public enum GeofenceEvents {
    /// A reported location and the time it was taken.
    public struct Fix: Hashable, Sendable {
        public var location: LatLng
        public var time: ProtoTimestamp?

        public init(location: LatLng, time: ProtoTimestamp?) {
            self.location = location
            self.time = time
        }
    }

    /// The events of `vehicle` (its resource name) moving from `before` to `after`.
    public static func detect(vehicle: String, before: Fix?, after: Fix?, geofences: [Geofence]) -> [DetectedEvent] {
        guard !geofences.isEmpty, let to = after?.location, before?.location != to else { return [] }
        if let old = before?.time, let new = after?.time, new < old { return [] }
        let from = before?.location
        let (exited, entered) = Geofence.crossings(from: from, to: to, of: geofences)
        func event(_ kind: FleetEventKind, _ fence: String) -> DetectedEvent {
            DetectedEvent(
                kind: kind, vehicle: vehicle, geofence: fence,
                before: from.map { .object(["inside": .bool(kind == .geofenceExit), "location": json($0)]) },
                after: .object(["inside": .bool(kind == .geofenceEnter), "location": json(to)]))
        }
        return exited.map { event(.geofenceExit, $0.name) } + entered.map { event(.geofenceEnter, $0.name) }
    }

    static func json(_ point: LatLng) -> JSONValue {
        .object(["latitude": .number(point.latitude), "longitude": .number(point.longitude)])
    }
}

extension GeofenceEvents.Fix {
    init?(_ location: VehicleLocation?) {
        guard let point = location?.location else { return nil }
        self.init(location: point, time: location?.updateTime)
    }

    init?(_ location: DeliveryVehicleLocation?) {
        guard let point = location?.location else { return nil }
        self.init(location: point, time: location?.updateTime)
    }
}

/// What a delivery vehicle's write says, before against after: its geofence crossings. (Its tasks' progress is
/// ``TaskProgressEvents``'; a delivery vehicle has no ONLINE state.)
public enum DeliveryVehicleEvents {
    public static func detect(
        before: DeliveryVehicle?, after: DeliveryVehicle, geofences: [Geofence]
    ) -> [DetectedEvent] {
        GeofenceEvents.detect(
            vehicle: after.name, before: GeofenceEvents.Fix(before?.lastLocation),
            after: GeofenceEvents.Fix(after.lastLocation), geofences: geofences)
    }
}
