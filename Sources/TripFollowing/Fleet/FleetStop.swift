import FleetModel

/// One stop ahead of a vehicle, in the order it will reach them: a waypoint of an on-demand vehicle's trips, or the
/// place where a delivery vehicle serves some of its OPEN tasks.
public struct FleetStop: Sendable, Hashable {
    /// What the vehicle does there.
    public enum Purpose: Sendable, Hashable {
        /// A trip's waypoint: the trip's id (its name's last part) and whether it picks up or drops off.
        case waypoint(tripID: String, WaypointType)
        /// The delivery vehicle's OPEN tasks served at the stop, in id order.
        case tasks([DeliveryTask])
    }

    public var point: LatLng?
    /// When the vehicle should get there, where the listing says (a waypoint's ETA; delivery stops have none).
    public var eta: ProtoTimestamp?
    public var purpose: Purpose

    public init(point: LatLng?, eta: ProtoTimestamp? = nil, purpose: Purpose) {
        self.point = point
        self.eta = eta
        self.purpose = purpose
    }

    /// The tasks served here; none at a waypoint.
    public var tasks: [DeliveryTask] {
        if case .tasks(let tasks) = purpose { tasks } else { [] }
    }

    /// An on-demand vehicle's stops: its `waypoints`, which interleave the stops of back-to-back or shared trips.
    public static func stops(of vehicle: Vehicle) -> [FleetStop] {
        vehicle.waypoints.map { waypoint in
            FleetStop(
                point: waypoint.location?.point, eta: waypoint.eta,
                purpose: .waypoint(tripID: ResourceID.last(in: waypoint.tripId), waypoint.waypointType))
        }
    }

    /// A delivery vehicle's stops, rebuilt from its OPEN tasks: ListDeliveryVehicles leaves the itinerary out, and
    /// the tasks come from the one ListTasks a poll makes for every vehicle. A task's journey sharing info holds the
    /// legs up to and including its stop, so their count is the stop's place (1: the next stop) and tasks with the
    /// same count share a stop. Tasks without it (their vehicle has reported no location yet) follow, a stop per
    /// planned location, in task id order.
    public static func stops(serving tasks: [DeliveryTask]) -> [FleetStop] {
        struct Key: Hashable {
            var place: Int?
            var point: LatLng?
        }
        var keys: [Key] = []
        var grouped: [Key: [DeliveryTask]] = [:]
        for task in tasks.sorted(by: { $0.name < $1.name }) {
            let legs = task.journeySharingInfo.map(\.remainingVehicleJourneySegments.count).flatMap {
                $0 > 0 ? $0 : nil
            }
            let key = legs.map { Key(place: $0) } ?? Key(point: task.plannedLocation?.point)
            if grouped[key] == nil { keys.append(key) }
            grouped[key, default: []].append(task)
        }
        let ordered = keys.enumerated().sorted {
            ($0.element.place ?? .max, $0.offset) < ($1.element.place ?? .max, $1.offset)
        }
        return ordered.map { _, key in
            let served = grouped[key] ?? []
            return FleetStop(point: served.lazy.compactMap { $0.plannedLocation?.point }.first, purpose: .tasks(served))
        }
    }
}
