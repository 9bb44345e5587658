import FleetEngineProto
import FleetModel
import FleetServer
import GRPCCore
import SwiftProtobuf
import TestSupport
import Testing

/// Every TripService and VehicleService method over gRPC, on the server REST serves too: what one protocol writes,
/// the other reads, field for field.
@Suite struct GRPCMethodTests {
    static let provider = "providers/p"
    static let pickup = Google_Type_LatLng.with {
        $0.latitude = 43.7384
        $0.longitude = 7.4246
    }
    static let dropoff = Google_Type_LatLng.with {
        $0.latitude = 43.7500
        $0.longitude = 7.4400
    }
    static let auto = Maps_Fleetengine_V1_Vehicle.VehicleType.with { $0.category = .auto }

    @Test func aWholeTripOverGRPCReadsTheSameOverREST() async throws {
        try await withGRPCFleet { fleet in
            let server = try await fleet.auth()
            let driver = try await fleet.auth(AuthorizationClaims(vehicleid: "v1"))
            let rider = try await fleet.auth(AuthorizationClaims(tripid: "t1"))

            let created = try await fleet.vehicles.createVehicle(
                .car(
                    "v1",
                    attributes: [
                        .with {
                            $0.key = "zone"
                            $0.stringValue = "port"
                        }
                    ]), metadata: server)
            #expect(created.name == "providers/p/vehicles/v1")
            let overREST = try await fleet.server.request(
                .GET, "/v1/providers/p/vehicles/v1", token: fleet.server.serverToken())
            #expect(try created.fleetModel(as: Vehicle.self) == overREST.vehicle())

            let reported = try await fleet.vehicles.updateVehicle(
                .with {
                    $0.name = created.name
                    $0.vehicle = .with {
                        $0.lastLocation = .with {
                            $0.location = .with {
                                $0.latitude = 43.7390
                                $0.longitude = 7.4250
                            }
                        }
                    }
                    $0.updateMask = Google_Protobuf_FieldMask(protoPaths: ["last_location"])
                }, metadata: driver)
            #expect(reported.lastLocation.location.latitude == 43.7390)
            #expect(reported.lastLocation.hasServerTime)

            let attributes = try await fleet.vehicles.updateVehicleAttributes(
                .with {
                    $0.name = created.name
                    $0.attributes = [
                        .with {
                            $0.key = "shift"
                            $0.stringValue = "night"
                        }
                    ]
                }, metadata: server)
            #expect(Set(attributes.attributes.map(\.key)) == ["zone", "shift"])

            let listed = try await fleet.vehicles.listVehicles(
                .with {
                    $0.parent = Self.provider
                    $0.vehicleTypeCategories = [.auto]
                    $0.filter = #"attributes.shift="night""#
                }, metadata: server)
            #expect(listed.vehicles.map(\.name) == [created.name])
            #expect(listed.totalSize == 1)

            let found = try await fleet.vehicles.searchVehicles(
                .with {
                    $0.parent = Self.provider
                    $0.pickupPoint = .with { $0.point = Self.pickup }
                    $0.pickupRadiusMeters = 400
                    $0.count = 5
                    $0.minimumCapacity = 1
                    $0.tripTypes = [.exclusive]
                    $0.vehicleTypes = [Self.auto]
                    $0.orderBy = .pickupPointStraightDistance
                }, metadata: server)
            #expect(found.matches.map(\.vehicle.name) == [created.name])
            #expect(found.matches.first?.vehicleMatchType == .exclusive)

            let trip = try await fleet.trips.createTrip(
                .with {
                    $0.parent = Self.provider
                    $0.tripID = "t1"
                    $0.trip = .with {
                        $0.tripType = .exclusive
                        $0.pickupPoint = .with { $0.point = Self.pickup }
                        $0.dropoffPoint = .with { $0.point = Self.dropoff }
                        $0.vehicleID = "v1"
                    }
                }, metadata: server)
            #expect(trip.name == "providers/p/trips/t1")
            #expect(trip.tripStatus == .new)
            #expect(trip.vehicleWaypoints.count == 2)

            let got = try await fleet.trips.getTrip(.with { $0.name = trip.name }, metadata: rider)
            let restGot = try await fleet.server.request(
                .GET, "/v1/providers/p/trips/t1", token: fleet.server.token(AuthorizationClaims(tripid: "t1")))
            let (grpcTrip, restTrip) = (try got.fleetModel(as: Trip.self), try restGot.trip())
            #expect(grpcTrip.name == restTrip.name)
            #expect(grpcTrip.vehicleId == restTrip.vehicleId)
            #expect(grpcTrip.remainingWaypoints.map(\.waypointType) == restTrip.remainingWaypoints.map(\.waypointType))
            #expect(grpcTrip.route == restTrip.route)
            #expect(grpcTrip.remainingDistanceMeters == restTrip.remainingDistanceMeters)
            // An answer the cache holds is still only for callers who may read the trip.
            let otherRider = try await fleet.auth(AuthorizationClaims(tripid: "t9"))
            let denied = await #expect(throws: RPCError.self) {
                try await fleet.trips.getTrip(.with { $0.name = trip.name }, metadata: otherRider)
            }
            #expect(denied?.code == .permissionDenied)

            let searched = try await fleet.trips.searchTrips(
                .with {
                    $0.parent = Self.provider
                    $0.vehicleID = "v1"
                    $0.activeTripsOnly = true
                }, metadata: driver)
            #expect(searched.trips.map(\.name) == [trip.name])

            var status = trip.tripStatus
            for step in [
                Maps_Fleetengine_V1_TripStatus.enrouteToPickup, .arrivedAtPickup, .enrouteToDropoff, .complete,
            ] {
                status = try await fleet.trips.updateTrip(
                    .with {
                        $0.name = trip.name
                        $0.trip = .with { $0.tripStatus = step }
                        $0.updateMask = Google_Protobuf_FieldMask(protoPaths: ["trip_status"])
                    }, metadata: driver
                ).tripStatus
            }
            #expect(status == .complete)
            #expect(
                try await fleet.server.request(.GET, "/v1/providers/p/trips/t1", token: fleet.server.serverToken())
                    .trip().tripStatus == .complete)

            _ = try await fleet.trips.reportBillableTrip(
                .with {
                    $0.name = "providers/p/billableTrips/t1"
                    $0.countryCode = "MC"
                    $0.platform = .server
                    $0.relatedIds = ["t1"]
                    $0.solutionType = .onDemandRidesharingAndDeliveries
                }, metadata: server)

            _ = try await fleet.trips.deleteTrip(.with { $0.name = trip.name }, metadata: server)
            _ = try await fleet.vehicles.deleteVehicle(.with { $0.name = created.name }, metadata: server)
            let gone = await #expect(throws: RPCError.self) {
                try await fleet.vehicles.getVehicle(.with { $0.name = created.name }, metadata: server)
            }
            #expect(gone?.code == .notFound)
            #expect(
                try await fleet.server.request(.GET, "/v1/providers/p/trips/t1", token: fleet.server.serverToken())
                    .status == 404)
        }
    }

    /// A trip written over REST is read over gRPC, and one written over gRPC is updated over REST.
    @Test func restAndGRPCShareOneStore() async throws {
        try await withGRPCFleet { fleet in
            try await fleet.server.createVehicle("v2")
            try await fleet.server.createTrip("t2", vehicle: "v2")
            let got = try await fleet.trips.getTrip(.with { $0.name = "providers/p/trips/t2" }, metadata: fleet.auth())
            #expect(got.vehicleID == "v2")
            #expect(got.tripStatus == .new)

            _ = try await fleet.trips.createTrip(
                .with {
                    $0.parent = Self.provider
                    $0.tripID = "t3"
                    $0.trip = .with {
                        $0.tripType = .exclusive
                        $0.pickupPoint = .with { $0.point = Self.pickup }
                    }
                }, metadata: fleet.auth())
            let patched = try await fleet.server.request(
                .PUT, "/v1/providers/p/trips/t3?updateMask=vehicleId", token: fleet.server.serverToken(),
                body: #"{"vehicleId":"v2"}"#)
            try patched.require(200)
            let reread = try await fleet.trips.getTrip(
                .with { $0.name = "providers/p/trips/t3" }, metadata: fleet.auth())
            #expect(reread.vehicleID == "v2")
        }
    }
}
