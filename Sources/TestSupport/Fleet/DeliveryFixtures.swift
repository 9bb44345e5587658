import FleetModel

/// Delivery vehicles and tasks as ListDeliveryVehicles and ListTasks answer them, for the fleet's tests: a van in
/// Monaco and its tasks, each task at a known place in its van's itinerary.
public enum DeliveryFixtures {
    /// A delivery vehicle of provider `p`, last seen `age` seconds before `now` (no location when nil).
    public static func van(
        _ id: String, provider: String = "p", latitude: Double = 43.7347, longitude: Double = 7.4206,
        age: Int64? = 4, now: ProtoTimestamp, heading: Int32? = nil, speed: Double? = nil
    ) -> DeliveryVehicle {
        var van = DeliveryVehicle(name: "providers/\(provider)/deliveryVehicles/\(id)")
        if let age {
            van.lastLocation = DeliveryVehicleLocation(
                location: LatLng(latitude: latitude, longitude: longitude), heading: heading, speed: speed,
                updateTime: now + .seconds(-age))
        }
        van.navigationStatus = .enrouteToDestination
        return van
    }

    /// A task of provider `p`; `stop`: its stop's place in its vehicle's itinerary (1: the next), which journey
    /// sharing tells by the number of legs up to it — nil for a task without journey sharing.
    public static func task(
        _ id: String, provider: String = "p", type: DeliveryTask.TaskType = .delivery,
        state: DeliveryTask.State = .open, outcome: DeliveryTask.TaskOutcome = .taskOutcomeUnspecified,
        vehicle: String = "", tracking: String = "", latitude: Double = 43.7396, longitude: Double = 7.4275,
        stop: Int? = nil
    ) -> DeliveryTask {
        var task = DeliveryTask(
            name: "providers/\(provider)/tasks/\(id)", type: type, state: state, taskOutcome: outcome,
            trackingId: tracking, deliveryVehicleId: vehicle,
            plannedLocation: LocationInfo(point: LatLng(latitude: latitude, longitude: longitude)))
        if let stop {
            task.journeySharingInfo = DeliveryTask.JourneySharingInfo(
                remainingVehicleJourneySegments: (0..<stop).map { _ in VehicleJourneySegment(drivingDistanceMeters: 400)
                })
        }
        return task
    }
}
