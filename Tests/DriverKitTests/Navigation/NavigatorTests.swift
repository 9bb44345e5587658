import DriverKit
import FleetModel
import Foundation
import RoadMap
import Testing

/// The navigator on the bundled Monaco map.
@Suite struct NavigatorTests {
    static let origin = LatLng(latitude: 43.7315, longitude: 7.4200)  // the Palace
    static let stop = LatLng(latitude: 43.7395, longitude: 7.4280)  // the Casino
    static let waypoint = TripWaypoint(
        location: TerminalLocation(point: stop), tripId: "t1", waypointType: .pickupWaypointType)

    @Test func withoutAStopThereIsNoGuidance() {
        var navigator = Navigator(graph: Fixtures.monaco)
        #expect(navigator.update(position: Self.origin) == .noGuidance)
    }

    @Test func followingTheRouteCountsDownToArrival() throws {
        var navigator = Navigator(graph: Fixtures.monaco)
        navigator.setDestination(Self.waypoint)
        let first = navigator.update(position: Self.origin)
        let planned = navigator.route
        let route = try #require(planned)
        #expect(first.navigationStatus == .enrouteToDestination)
        #expect(first.destination?.tripId == "t1")
        #expect(first.remainingPath.first == Self.origin)
        #expect(first.remainingPath.last.map { Geo.distance($0, Self.stop) < 1 } == true)
        let firstDistance = try #require(first.remainingDistanceMeters)
        #expect(abs(firstDistance - route.lengthMeters) < 60)
        #expect(abs(first.remainingTimeSeconds! - route.durationSeconds) < 15)

        let drive = SimulatedDrive(path: route.points, speed: .constant(10))
        var previous = firstDistance
        var seconds = 5.0
        var statuses: [NavigationStatus] = []
        while seconds <= drive.durationSeconds + 5 {
            let progress = navigator.update(position: drive.position(at: seconds)!.coordinate)
            statuses.append(progress.navigationStatus)
            let remaining = try #require(progress.remainingDistanceMeters)
            #expect(remaining < previous + 1)
            previous = remaining
            seconds += 5
        }
        #expect(navigator.reroutes == 0)
        #expect(statuses.last == .arrivedAtDestination)
        #expect(statuses.dropLast().contains(.enrouteToDestination))
        #expect(navigator.progress.remainingTimeSeconds == 0)
    }

    @Test func arrivalIsWithinFiftyMetres() {
        var navigator = Navigator(graph: Fixtures.monaco)
        navigator.setDestination(Self.waypoint)
        #expect(
            navigator.update(position: Geo.destination(from: Self.stop, bearing: 45, distance: 45)).navigationStatus
                == .arrivedAtDestination)
        #expect(
            navigator.update(position: Geo.destination(from: Self.stop, bearing: 45, distance: 300)).navigationStatus
                != .arrivedAtDestination)
    }

    @Test func leavingTheRouteReroutesFromWhereTheVehicleIs() throws {
        var navigator = Navigator(graph: Fixtures.monaco)
        navigator.setDestination(Self.waypoint)
        navigator.update(position: Self.origin)
        let current = navigator.route
        let planned = try #require(current)
        // A road point well away from the planned route.
        let candidates = Fixtures.monaco.map.ways.lazy.flatMap(\.points)
        let away = try #require(
            candidates.first { point in
                let off = planned.points.closestPoint(to: point)!.distanceFromPath
                return off > 150 && off < 400 && Geo.distance(point, Self.stop) > 300
            })
        let progress = navigator.update(position: away)
        #expect(navigator.reroutes == 1)
        #expect(progress.navigationStatus == .enrouteToDestination)
        #expect(progress.remainingPath.first == away)
        #expect(navigator.route != planned)
        // Small wobble within the threshold does not re-route again.
        navigator.update(position: Geo.destination(from: away, bearing: 0, distance: 10))
        #expect(navigator.reroutes == 1)
    }

    @Test func aNewStopDropsTheOldRoute() {
        var navigator = Navigator(graph: Fixtures.monaco)
        navigator.setDestination(Self.waypoint)
        navigator.update(position: Self.origin)
        #expect(navigator.route != nil)
        navigator.setDestination(
            TripWaypoint(
                location: TerminalLocation(point: Self.origin), tripId: "t1", waypointType: .dropOffWaypointType))
        #expect(navigator.route == nil)
        navigator.setDestination(nil)
        #expect(navigator.progress == .noGuidance)
    }
}
