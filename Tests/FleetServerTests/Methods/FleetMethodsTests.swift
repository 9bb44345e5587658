import FleetModel
import Foundation
import Testing

@testable import FleetServer

/// FleetMethods called as the gRPC layer will call it — typed requests whose names and parents no REST path has
/// checked — over a real database on disk.
@Suite struct FleetMethodsTests {
    let methods: FleetMethods
    let server = Principal(tripID: "*", vehicleID: "*")
    let now = ProtoTimestamp(seconds: 1_767_225_600)

    init() throws { methods = try .onFreshStore(named: "tripterm-methods-tests") }

    static let vehicle = Vehicle(
        vehicleState: .online, supportedTripTypes: [.exclusive], maximumCapacity: 4,
        vehicleType: Vehicle.VehicleType(category: .auto))

    func failure(_ call: () async throws -> some Any) async -> FleetError? { await fleetFailure(call) }

    @Test func namesAndParentsAreCheckedWhateverTheProtocol() async {
        let badParent = await failure {
            try await methods.createVehicle(
                CreateVehicleRequest(parent: "projects/p", vehicleId: "v1", vehicle: Self.vehicle), principal: server,
                now: now)
        }
        #expect(badParent?.code == .invalidArgument && badParent?.message.contains("parent") == true)
        let badName = await failure {
            try await methods.getTrip(GetTripRequest(name: "providers/p/trips/a/b"), principal: server, now: now)
        }
        #expect(badName?.code == .invalidArgument)
        let noID = await failure {
            try await methods.createTrip(CreateTripRequest(parent: "providers/p"), principal: server, now: now)
        }
        #expect(noID == FleetError.invalidArgument("tripId is required"))
        let noMask = await failure {
            try await methods.updateTrip(UpdateTripRequest(name: "providers/p/trips/t1"), principal: server, now: now)
        }
        #expect(noMask == FleetError.invalidArgument("updateMask is required: name the fields to update"))
    }

    @Test func rolesAreCheckedBeforeAnythingIsWritten() async throws {
        let rider = Principal(tripID: "t1")
        let refused = await failure {
            try await methods.createVehicle(
                CreateVehicleRequest(parent: "providers/p", vehicleId: "v1", vehicle: Self.vehicle), principal: rider,
                now: now)
        }
        #expect(refused?.code == .permissionDenied)
        let list = try await methods.listVehicles(
            ListVehiclesRequest(parent: "providers/p"), principal: server, now: now)
        #expect(list.vehicles.isEmpty)
    }

    @Test func aTripReadThroughTheCacheIsTheTripReadDirectly() async throws {
        _ = try await methods.createVehicle(
            CreateVehicleRequest(parent: "providers/p", vehicleId: "v1", vehicle: Self.vehicle), principal: server,
            now: now)
        var trip = Trip(
            tripType: .exclusive, pickupPoint: TerminalLocation(point: LatLng(latitude: 43.73, longitude: 7.42)))
        trip.vehicleId = "v1"
        _ = try await methods.createTrip(
            CreateTripRequest(parent: "providers/p", tripId: "t1", trip: trip), principal: server, now: now)
        let get = GetTripRequest(name: "providers/p/trips/t1", view: .journeySharingV1S)
        let rider = Principal(tripID: "t1")
        let direct = try await methods.getTrip(get, principal: rider, now: now)
        let encode: (Trip) throws -> Data = { try ProtoJSON.encode($0) }
        let first = try await methods.getTripAnswer(get, principal: rider, now: now, cacheKey: "test", encode: encode)
        let cached = try await methods.getTripAnswer(get, principal: rider, now: now, cacheKey: "test", encode: encode)
        #expect(first == (try ProtoJSON.encode(direct)))
        #expect(cached == first)
        let other = await failure {
            try await methods.getTripAnswer(
                get, principal: Principal(tripID: "t2"), now: now, cacheKey: "test", encode: encode)
        }
        #expect(other?.code == .permissionDenied, "a cached answer is authorized like a fresh one")
    }

    @Test func listVehiclesRefusesAViewportWithoutItsCorners() async {
        let refused = await failure {
            try await methods.listVehicles(
                ListVehiclesRequest(parent: "providers/p", viewport: GeoViewport()), principal: server, now: now)
        }
        #expect(refused?.code == .invalidArgument && refused?.message.contains("viewport") == true)
    }
}
