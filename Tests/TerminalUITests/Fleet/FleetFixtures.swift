import FleetModel
import MapRendering
import TerminalCore
import TestSupport
import Testing
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
        var vehicle = vehicle(
            "car-02", trips: ["t-17"], latitude: 43.7310, longitude: 7.4190, heading: 180, speed: 12.5, age: 2,
            navigation: .enrouteToDestination)
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

    /// The provider's tasks: van-1's three OPEN ones at two stops (a delivery and a pickup at the first, a
    /// delivery at the second), one on no vehicle yet, a scheduled stop, and two closed, one of them failed.
    static let tasks: [DeliveryTask] = {
        func task(
            _ id: String, _ latitude: Double, _ longitude: Double, _ type: DeliveryTask.TaskType = .delivery,
            _ state: DeliveryTask.State = .open, _ outcome: DeliveryTask.TaskOutcome = .taskOutcomeUnspecified,
            van: String = "", tracking: String = "", stop: Int? = nil
        ) -> DeliveryTask {
            DeliveryFixtures.task(
                id, provider: "demo", type: type, state: state, outcome: outcome, vehicle: van, tracking: tracking,
                latitude: latitude, longitude: longitude, stop: stop)
        }
        var tasks = [
            task("t-090", 43.7450, 7.4200, .delivery, .closed, .succeeded, van: "van-2", tracking: "parcel-09"),
            task("t-091", 43.7320, 7.4250, .delivery, .closed, .failed, van: "van-1", tracking: "parcel-08"),
            task("t-101", 43.7345, 7.4205, van: "van-1", tracking: "parcel-11", stop: 1),
            task("t-102", 43.7345, 7.4205, .pickup, van: "van-1", tracking: "parcel-12", stop: 1),
            task("t-103", 43.7415, 7.4290, van: "van-1", tracking: "parcel-13", stop: 2),
            task("t-104", 43.7330, 7.4160, tracking: "parcel-14"),
            task("t-106", 43.7360, 7.4300, .scheduledStop),
        ]
        // The server's first leg for van-1, to its first stop.
        tasks[2].journeySharingInfo?.remainingVehicleJourneySegments[0].path = [
            LatLng(latitude: 43.7370, longitude: 7.4225), LatLng(latitude: 43.7360, longitude: 7.4210),
            LatLng(latitude: 43.7345, longitude: 7.4205),
        ]
        return tasks
    }()

    /// van-1 on its way to its first stop, van-2 free (its last task delivered).
    static let vans: [FleetVehicle] = {
        var van1 = DeliveryFixtures.van(
            "van-1", provider: "demo", latitude: 43.7370, longitude: 7.4225, age: 3, now: now, heading: 200, speed: 6)
        van1.remainingDistanceMeters = 380
        van1.remainingDuration = ProtoDuration(seconds: 95)
        let van2 = DeliveryFixtures.van(
            "van-2", provider: "demo", latitude: 43.7440, longitude: 7.4180, age: 30, now: now)
        return [
            FleetVehicle(
                deliveryVehicle: van1, openTasks: tasks.filter { $0.state == .open && $0.deliveryVehicleId == "van-1" },
                isStale: false),
            FleetVehicle(deliveryVehicle: van2, openTasks: [], isStale: false),
        ]
    }()

    /// The fixture fleet with the two vans, as the tracker lists it (by name), and the task list.
    static func deliveryState() -> FleetViewState {
        var state = FleetViewState(backendName: "http://127.0.0.1:8787 · providers/demo", pollInterval: .seconds(5))
        state.take((vans + vehicles).sorted { $0.name < $1.name }, at: now)
        state.take(tasks: tasks)
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

    /// Checks `screen`, composed at `size` as the app composes it, against the golden file `name`.
    static func check(
        _ screen: FleetScreen, size: TerminalSize = TerminalSize(width: 120, height: 36),
        options: TripAppOptions = options(), named name: String, title: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        ScreenFixtures.check(
            frame(screen, size: size, options: options), named: name, title: title, sourceLocation: sourceLocation)
    }
}
