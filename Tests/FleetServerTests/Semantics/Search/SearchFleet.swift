import FleetModel

@testable import FleetServer

/// Fleets built for the SearchVehicles tests: vehicles placed by bearing and distance from a pickup point.
enum SearchFleet {
    static let now = ProtoTimestamp(seconds: 1_735_689_600)
    /// Monte-Carlo, on Monaco's roads.
    static let pickup = LatLng(latitude: 43.7384, longitude: 7.4246)
    static let dropoff = LatLng(latitude: 43.7311, longitude: 7.4197)

    static func point(_ meters: Double, bearing: Double = 90, from origin: LatLng = pickup) -> LatLng {
        Geo.destination(from: origin, bearing: bearing, distance: meters)
    }

    static func vehicle(
        _ id: String, at location: LatLng?, types: [TripType] = [.exclusive, .shared], capacity: Int32 = 4,
        category: Vehicle.VehicleType.Category = .auto, reportedSecondsAgo: Int64 = 10
    ) -> Vehicle {
        var v = Vehicle(
            name: "providers/p/vehicles/\(id)", vehicleState: .online, supportedTripTypes: types,
            maximumCapacity: capacity, vehicleType: Vehicle.VehicleType(category: category))
        if let location {
            var report = VehicleLocation(location: location)
            report.serverTime = ProtoTimestamp(seconds: now.seconds - reportedSecondsAgo)
            v.lastLocation = report
        }
        return v
    }

    static func trip(
        _ id: String, on vehicle: inout Vehicle, status: TripStatus, type: TripType = .exclusive,
        pickup: LatLng, dropoff: LatLng, passengers: Int32 = 1
    ) -> Trip {
        var t = Trip(
            name: "providers/p/trips/\(id)", tripStatus: status, tripType: type,
            pickupPoint: TerminalLocation(point: pickup), dropoffPoint: TerminalLocation(point: dropoff))
        t.vehicleId = String(vehicle.name.split(separator: "/").last!)
        t.numberOfPassengers = passengers
        vehicle.currentTrips.append(id)
        vehicle.waypoints += TripWaypoints.remaining(of: t)
        return t
    }

    static func request(
        _ order: SearchVehiclesRequest.VehicleMatchOrder = .pickupPointStraightDistance, type: TripType = .exclusive,
        count: Int32 = 10,
        radius: Int32 = 2_000
    ) -> SearchVehiclesRequest {
        SearchVehiclesRequest(
            pickupPoint: TerminalLocation(point: pickup), pickupRadiusMeters: radius, count: count,
            minimumCapacity: 1, tripTypes: [type], vehicleTypes: [Vehicle.VehicleType(category: .auto)], orderBy: order)
    }

    static func ids(_ response: SearchVehiclesResponse) -> [String] {
        response.matches.map { String($0.vehicle?.name.split(separator: "/").last ?? "") }
    }
}
