import FleetModel

/// One exclusive trip in Monaco at each stage of its life, as Fleet Engine would return it.
public enum TripFixtures {
    public static let name = try! TripName(parsing: "providers/demo/trips/t1")
    public static let pickup = LatLng(latitude: 43.7384, longitude: 7.4246)
    public static let dropoff = LatLng(latitude: 43.7311, longitude: 7.4197)
    public static let start = LatLng(latitude: 43.7402, longitude: 7.4270)
    public static let t0 = ProtoTimestamp(seconds: 1_767_225_600)

    public static func at(_ seconds: Int64) -> ProtoTimestamp { t0 + .seconds(seconds) }

    public static func new() -> Trip {
        var trip = Trip(
            name: name.description, tripStatus: .new, tripType: .exclusive,
            pickupPoint: TerminalLocation(point: pickup), dropoffPoint: TerminalLocation(point: dropoff))
        trip.numberOfPassengers = 1
        return trip
    }

    public static func vehicle(at p: LatLng, heading: Int32 = 200, time: Int64) -> VehicleLocation {
        VehicleLocation(location: p, heading: heading, speed: 8, updateTime: at(time), locationSensor: .gps)
    }

    public static func enrouteToPickup(vehicleAt p: LatLng = start, time: Int64 = 10, remaining: Int32 = 300) -> Trip {
        var trip = new()
        trip.vehicleId = "v1"
        trip.tripStatus = .enrouteToPickup
        trip.lastLocation = vehicle(at: p, time: time)
        trip.route = [p, LatLng(latitude: 43.7393, longitude: 7.4258), pickup]
        trip.remainingDistanceMeters = remaining
        trip.pickupTime = at(time + 60)
        trip.dropoffTime = at(time + 400)
        trip.etaToFirstWaypoint = at(time + 60)
        trip.remainingWaypoints = [
            TripWaypoint(location: TerminalLocation(point: pickup), tripId: "t1", waypointType: .pickupWaypointType),
            TripWaypoint(location: TerminalLocation(point: dropoff), tripId: "t1", waypointType: .dropOffWaypointType),
        ]
        return trip
    }

    public static func arrivedAtPickup() -> Trip {
        var trip = enrouteToPickup(vehicleAt: pickup, time: 70, remaining: 0)
        trip.tripStatus = .arrivedAtPickup
        trip.route = []
        trip.pickupTime = at(70)
        trip.remainingWaypoints = [trip.remainingWaypoints[1]]
        return trip
    }

    public static func enrouteToDropoff(time: Int64 = 100) -> Trip {
        var trip = arrivedAtPickup()
        trip.tripStatus = .enrouteToDropoff
        trip.lastLocation = vehicle(at: LatLng(latitude: 43.7360, longitude: 7.4230), time: time)
        trip.route = [trip.lastLocation!.location!, LatLng(latitude: 43.7330, longitude: 7.4210), dropoff]
        trip.remainingDistanceMeters = 700
        trip.dropoffTime = at(time + 200)
        trip.currentRouteSegmentTraffic = ConsumableTrafficPolyline(speedReadingInterval: [
            SpeedReadingInterval(endPolylinePointIndex: 1, speed: .normal),
            SpeedReadingInterval(startPolylinePointIndex: 1, endPolylinePointIndex: 2, speed: .trafficJam),
        ])
        return trip
    }

    public static func complete() -> Trip {
        var trip = enrouteToDropoff(time: 300)
        trip.tripStatus = .complete
        trip.lastLocation = vehicle(at: dropoff, time: 300)
        trip.route = []
        trip.remainingDistanceMeters = nil
        trip.currentRouteSegmentTraffic = nil
        trip.etaToFirstWaypoint = nil
        trip.remainingWaypoints = []
        return trip
    }
}
