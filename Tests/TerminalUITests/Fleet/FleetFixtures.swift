import FleetModel
import MapRendering
import TerminalCore
import TripFollowing

@testable import TerminalUI

/// A small Monaco fleet for the fleet screen's tests: free, on a trip, offline and stale vehicles at known places,
/// headings, speeds and ages.
enum FleetFixtures {
    static let now = ProtoTimestamp(seconds: 1_767_225_600)

    static func vehicle(
        _ id: String, state: VehicleState = .online, trips: [String] = [], latitude: Double, longitude: Double,
        heading: Int32? = nil, speed: Double? = nil, age: Int64? = 4, navigation: NavigationStatus = .noGuidance
    ) -> Vehicle {
        var vehicle = Vehicle(name: "providers/demo/vehicles/\(id)", vehicleState: state)
        vehicle.currentTrips = trips.map { "providers/demo/trips/\($0)" }
        vehicle.navigationStatus = navigation
        if let age {
            vehicle.lastLocation = VehicleLocation(
                location: LatLng(latitude: latitude, longitude: longitude), heading: heading, speed: speed,
                updateTime: now + .seconds(-age))
        }
        return vehicle
    }

    /// Seven vehicles: three free, two on trips, one offline, one stale (last seen 9 min ago).
    static let vehicles: [FleetVehicle] = [
        FleetVehicle(
            vehicle: vehicle("car-01", latitude: 43.7384, longitude: 7.4246, heading: 90, speed: 8.3), isStale: false),
        FleetVehicle(
            vehicle: vehicle(
                "car-02", trips: ["t-17"], latitude: 43.7310, longitude: 7.4190, heading: 180, speed: 12.5, age: 2,
                navigation: .enrouteToDestination),
            isStale: false),
        FleetVehicle(
            vehicle: vehicle("car-03", latitude: 43.7452, longitude: 7.4312, heading: 315, speed: 0), isStale: false),
        FleetVehicle(
            vehicle: vehicle(
                "car-04", trips: ["t-18", "t-19"], latitude: 43.7400, longitude: 7.4150, heading: 45, speed: 5,
                age: 1, navigation: .offRoute),
            isStale: false),
        FleetVehicle(vehicle: vehicle("car-05", state: .offline, latitude: 43.7330, longitude: 7.4280), isStale: false),
        FleetVehicle(
            vehicle: vehicle("car-06", latitude: 43.7360, longitude: 7.4330, heading: 270, age: 540), isStale: true),
        FleetVehicle(
            vehicle: vehicle("car-07", latitude: 43.7425, longitude: 7.4205, speed: 3, age: 12), isStale: false),
    ]

    /// car-02 on trip t-17 with t-20 after it (back to back): three stops ahead, its route to the pickup.
    static func followed() -> FleetVehicle {
        var vehicle = vehicles[1].vehicle
        func waypoint(
            _ trip: String, _ type: WaypointType, _ latitude: Double, _ longitude: Double, eta: Int64
        )
            -> TripWaypoint
        {
            TripWaypoint(
                location: TerminalLocation(point: LatLng(latitude: latitude, longitude: longitude)), tripId: trip,
                waypointType: type, eta: now + .seconds(eta))
        }
        vehicle.currentTrips = ["providers/demo/trips/t-17", "providers/demo/trips/t-20"]
        vehicle.waypoints = [
            waypoint("t-17", .pickupWaypointType, 43.7290, 7.4170, eta: 95),
            waypoint("t-17", .dropOffWaypointType, 43.7350, 7.4240, eta: 400),
            waypoint("t-20", .pickupWaypointType, 43.7380, 7.4270, eta: 640),
        ]
        vehicle.waypoints[0].pathToWaypoint = [
            LatLng(latitude: 43.7310, longitude: 7.4190), LatLng(latitude: 43.7300, longitude: 7.4175),
            LatLng(latitude: 43.7290, longitude: 7.4170),
        ]
        vehicle.remainingDistanceMeters = 420
        vehicle.etaToFirstWaypoint = now + .seconds(95)
        return FleetVehicle(vehicle: vehicle, isStale: false)
    }

    static func state(failure: TripViewFailure? = nil) -> FleetViewState {
        var state = FleetViewState(backendName: "http://127.0.0.1:8787 · providers/demo", pollInterval: .seconds(5))
        state.take(vehicles, at: now)
        state.failure = failure
        return state
    }

    static let roads: [MapRoad] = [
        MapRoad(
            points: [LatLng(latitude: 43.7300, longitude: 7.4150), LatLng(latitude: 43.7460, longitude: 7.4330)],
            rank: .primary, name: "Boulevard Princesse Charlotte"),
        MapRoad(
            points: [LatLng(latitude: 43.7440, longitude: 7.4140), LatLng(latitude: 43.7320, longitude: 7.4340)],
            rank: .secondary, name: "Avenue de la Costa"),
    ]

    static func options(_ colorMode: ColorMode = .color256, ascii: Bool = false) -> TripAppOptions {
        TripAppOptions(colorMode: colorMode, ascii: ascii, baseMap: { _ in roads })
    }

    /// The fleet screen as the app composes it: the map pane fitted to the shown vehicles.
    static func frame(_ screen: FleetScreen, size: TerminalSize, options: TripAppOptions = options()) -> CellBuffer {
        var renderer = FleetFrameRenderer(options: options)
        return renderer.render(screen, size: size)
    }
}
