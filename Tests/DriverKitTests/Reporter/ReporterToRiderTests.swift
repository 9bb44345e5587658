import DriverKit
import FleetClient
import FleetModel
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing
import TripFollowing

/// The whole journey-sharing loop in one process: the reporter's updates, through the local server, reach a
/// rider's `TripModel` as vehicle location, active route and remaining distance.
@Suite struct ReporterToRiderTests {
    final class RiderView: TripModelSubscriber {
        let locations = NIOLockedValueBox<[LatLng]>([])
        let routes = NIOLockedValueBox<[[LatLng]]>([])
        let distances = NIOLockedValueBox<[Int32?]>([])

        func tripModel(_ model: TripModel, didUpdate vehicleLocation: VehicleLocation?) async {
            if let point = vehicleLocation?.location { locations.withLockedValue { $0.append(point) } }
        }

        func tripModel(_ model: TripModel, didUpdateActiveRoute route: [LatLng]) async {
            routes.withLockedValue { $0.append(route) }
        }

        func tripModel(_ model: TripModel, didUpdateActiveRouteRemainingDistance meters: Int32?) async {
            distances.withLockedValue { $0.append(meters) }
        }
    }

    @Test func aRiderSeesTheReportedVehicleMoveAlongItsRoute() async throws {
        try await withTestServer { server, http in
            let client = try await server.client(http: http)
            let vehicleName = try VehicleName(parsing: "providers/p/vehicles/v1")
            let tripName = try TripName(parsing: "providers/p/trips/t1")
            try await client.makeVehicle(vehicleName, state: .online)
            let palace = LatLng(latitude: 43.7315, longitude: 7.4200),
                casino = LatLng(latitude: 43.7395, longitude: 7.4280)
            var trip = Trip(
                tripType: .exclusive, pickupPoint: TerminalLocation(point: casino),
                dropoffPoint: TerminalLocation(point: palace))
            trip.vehicleId = "v1"
            trip.numberOfPassengers = 1
            _ = try await client.createTrip(trip, name: tripName)

            let clock = VirtualClock.manual()
            let reporter = VehicleReporter(client: client, vehicle: vehicleName, clock: clock)
            let listener = RecordingListener()
            await reporter.addListener(listener)
            var navigator = Navigator(graph: Fixtures.monaco)
            navigator.setDestination(try await client.getVehicle(vehicleName).waypoints.first)
            func report(_ point: LatLng) async {
                await reporter.updateLocation(LocationFix(coordinate: point, sensor: .gps, time: Date()))
                await reporter.updateRouteProgress(navigator.update(position: point))
            }
            await report(palace)
            await reporter.setLocationTrackingEnabled(true)
            #expect(await listener.next().error == nil)

            let rider = RiderView()
            let model = TripModel(
                tripName: tripName, backend: FleetEngineBackend(client: client), clock: VirtualClock.manual())
            await model.register(rider)
            await model.start()
            await model.refresh()
            #expect(rider.locations.withLockedValue { $0 } == [palace])
            let route = try #require(rider.routes.withLockedValue { $0.last })
            let sent = try #require(navigator.route)
            #expect(route.count == navigator.progress.remainingPath.count)
            #expect(Geo.distance(route.last!, casino) < 3)
            #expect(
                rider.distances.withLockedValue { $0.last }
                    == navigator.progress.remainingDistanceMeters.map { Int32($0.rounded()) })

            // Some way along the route, the next report moves the rider's vehicle.
            let along = try #require(sent.points.point(atDistance: sent.lengthMeters / 2))
            await report(along)
            #expect(await clock.nextSleep() == .seconds(10))
            clock.advance(by: .seconds(10))
            #expect(await listener.next().error == nil)
            await model.refresh()
            #expect(rider.locations.withLockedValue { $0 } == [palace, along])
            let remaining = try #require(rider.distances.withLockedValue { $0.last ?? nil })
            #expect(Double(remaining) < sent.lengthMeters * 0.6)
            await model.stop()
            await reporter.setLocationTrackingEnabled(false)
        }
    }
}
