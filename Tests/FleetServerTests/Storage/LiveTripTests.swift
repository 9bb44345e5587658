import FleetModel
import Foundation
import Testing

@testable import FleetServer

/// GetTrip reads an active trip and its vehicle from memory — the provider's ``SearchIndex``, which follows every
/// commit — instead of SQLite. After each kind of write, memory must hold what the store holds, and an answer
/// computed from it must be the store's, byte for byte.
@Suite struct LiveTripTests {
    let methods: FleetMethods
    let server = Principal(tripID: "*", vehicleID: "*")
    let now = ProtoTimestamp(seconds: 1_767_225_600)

    init() throws { methods = try .onFreshStore(named: "tripterm-live-trip-tests") }

    static let trips = ["t1", "t2", "t3"].map { try! TripName(provider: "p", tripID: $0) }

    func createVehicle(_ id: String) async throws {
        let vehicle = try ProtoJSON.decode(
            Vehicle.self,
            text: #"{"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE","SHARED"],"maximumCapacity":4,"#
                + #""vehicleType":{"category":"AUTO"},"attributes":[{"key":"zone","value":"north"}]}"#)
        _ = try await methods.createVehicle(
            CreateVehicleRequest(parent: "providers/p", vehicleId: id, vehicle: vehicle), principal: server, now: now)
    }

    func createTrip(_ id: String, vehicle: String, at seconds: Int64) async throws {
        let trip = try ProtoJSON.decode(
            Trip.self,
            text: #"{"tripType":"EXCLUSIVE","vehicleId":"\#(vehicle)","numberOfPassengers":2,"#
                + #""pickupPoint":{"point":{"latitude":43.7384,"longitude":7.4246}},"#
                + #""intermediateDestinations":[{"point":{"latitude":43.7401,"longitude":7.4263}}],"#
                + #""dropoffPoint":{"point":{"latitude":43.7442,"longitude":7.4310}}}"#)
        _ = try await methods.createTrip(
            CreateTripRequest(parent: "providers/p", tripId: id, trip: trip), principal: server,
            now: ProtoTimestamp(seconds: now.seconds + seconds))
    }

    func report(_ vehicle: String, at seconds: Int64, from point: LatLng) async throws {
        let second = String(format: "%02d", seconds)
        let route = (0..<40).map { LatLng(latitude: point.latitude + Double($0) * 1e-4, longitude: point.longitude) }
        let update = try ProtoJSON.decode(
            Vehicle.self,
            text: #"{"lastLocation":{"location":{"latitude":\#(point.latitude),"longitude":\#(point.longitude)},"#
                + #""heading":90,"speed":8.25,"speedAccuracy":0.5,"updateTime":"2026-01-01T00:00:\#(second)Z"},"#
                + #""currentRouteSegment":"\#(S2Polyline.encode(route))","remainingDistanceMeters":410,"#
                + #""etaToFirstWaypoint":"2026-01-01T00:02:00Z","navigationStatus":"ENROUTE_TO_DESTINATION"}"#)
        _ = try await methods.updateVehicle(
            UpdateVehicleRequest(
                name: "providers/p/vehicles/\(vehicle)", vehicle: update,
                updateMask: ProtoFieldMask(
                    text: "lastLocation,currentRouteSegment,remainingDistanceMeters,etaToFirstWaypoint,navigationStatus"
                )),
            principal: server, now: ProtoTimestamp(seconds: now.seconds + seconds))
    }

    func update(_ trip: String, _ json: String, mask: String, at seconds: Int64) async throws {
        _ = try await methods.updateTrip(
            UpdateTripRequest(
                name: "providers/p/trips/\(trip)", trip: try ProtoJSON.decode(Trip.self, text: json),
                updateMask: ProtoFieldMask(text: mask)),
            principal: server, now: ProtoTimestamp(seconds: now.seconds + seconds))
    }

    /// For each trip: memory has it, with its vehicle as the store has both, exactly when the store has it active.
    func expectMemoryIsTheStore(_ step: String) async throws {
        for name in Self.trips {
            let live = methods.store.searchIndex.activeTrip(provider: name.provider, id: name.tripID)
            let stored = try await methods.store.read { tx -> (Trip, Vehicle?)? in
                guard let trip = try tx.trip(name) else { return nil }
                return (trip, try tx.vehicle(provider: name.provider, id: trip.vehicleId))
            }
            guard let stored, !stored.0.tripStatus.isTerminal else {
                #expect(live == nil, "\(step): \(name) is not active, yet memory has it")
                continue
            }
            #expect(live?.trip == stored.0, "\(step): \(name)")
            #expect(live?.vehicle == stored.1, "\(step): \(name)'s vehicle")
        }
    }

    @Test func memoryFollowsEveryWriteAsTheStoreHasIt() async throws {
        try await createVehicle("v1")
        try await createVehicle("v2")
        try await createTrip("t1", vehicle: "v1", at: 1)
        // The first GetTrip indexes the provider: from here on, memory follows the commits.
        _ = try await methods.getTrip(GetTripRequest(name: "providers/p/trips/t1"), principal: server, now: now)
        try await expectMemoryIsTheStore("indexed")
        try await createTrip("t2", vehicle: "v1", at: 2)
        try await createTrip("t3", vehicle: "", at: 3)
        try await expectMemoryIsTheStore("created")
        try await report("v1", at: 4, from: LatLng(latitude: 43.7300, longitude: 7.4200))
        try await expectMemoryIsTheStore("reported")
        try await update("t1", #"{"tripStatus":"ENROUTE_TO_PICKUP"}"#, mask: "tripStatus", at: 5)
        try await update("t2", #"{"vehicleId":"v2"}"#, mask: "vehicleId", at: 6)
        try await update("t3", #"{"vehicleId":"v1"}"#, mask: "vehicleId", at: 7)
        try await expectMemoryIsTheStore("assigned")
        try await report("v2", at: 8, from: LatLng(latitude: 43.7350, longitude: 7.4220))
        for status in ["ARRIVED_AT_PICKUP", "ENROUTE_TO_INTERMEDIATE_DESTINATION", "COMPLETE"] {
            try await update("t1", #"{"tripStatus":"\#(status)"}"#, mask: "tripStatus", at: 9)
            try await expectMemoryIsTheStore(status)
        }
        try await update("t2", #"{"tripStatus":"CANCELED"}"#, mask: "tripStatus", at: 10)
        try await update("t3", #"{"vehicleId":""}"#, mask: "vehicleId", at: 10)
        try await expectMemoryIsTheStore("canceled and unassigned")
        _ = try await methods.deleteTrip(
            DeleteTripRequest(name: "providers/p/trips/t3"), principal: server, now: now)
        _ = try await methods.deleteVehicle(
            DeleteVehicleRequest(name: "providers/p/vehicles/v2"), principal: server, now: now)
        try await expectMemoryIsTheStore("deleted")
        // A finished trip comes from the store, as before.
        let finished = try await methods.getTrip(
            GetTripRequest(name: "providers/p/trips/t1"), principal: server, now: now)
        #expect(finished.tripStatus == .complete)
    }

    @Test func anAnswerFromMemoryHasTheStoresBytes() async throws {
        try await createVehicle("v1")
        try await createTrip("t1", vehicle: "v1", at: 1)
        try await createTrip("t2", vehicle: "v1", at: 2)
        let rider = Principal(tripID: "t2")
        let request = GetTripRequest(name: "providers/p/trips/t2", view: .journeySharingV1S)
        let options = ProtoJSONEncodingOptions(enumsAsIntegers: false)
        #expect(
            methods.liveTripAnswer(request, principal: rider, now: now, cacheKey: "k") { _ in Data() } == nil,
            "nothing is in memory before the provider's first GetTrip")
        _ = try await methods.getTrip(request, principal: rider, now: now)
        try await report("v1", at: 4, from: LatLng(latitude: 43.7300, longitude: 7.4200))
        try await update("t1", #"{"tripStatus":"ENROUTE_TO_PICKUP"}"#, mask: "tripStatus", at: 5)

        let later = ProtoTimestamp(seconds: now.seconds + 30)
        let live = try #require(
            methods.liveTripAnswer(request, principal: rider, now: later, cacheKey: "k") {
                try ProtoJSON.encode($0, options: options)
            })
        let name = Self.trips[1]
        let derived = try #require(
            try await methods.store.read { tx -> Trip? in
                guard let trip = try tx.trip(name) else { return nil }
                return TripProgress.derive(
                    trip, vehicle: try tx.vehicle(provider: name.provider, id: trip.vehicleId), now: later)
            })
        let stored = try ProtoJSON.encode(TripReadOptions(request).apply(to: derived), options: options)
        #expect(String(decoding: live, as: UTF8.self) == String(decoding: stored, as: UTF8.self))
        #expect(
            methods.liveTripAnswer(request, principal: Principal(tripID: "t1"), now: later, cacheKey: "k2") { _ in
                Data()
            } == nil, "t1's rider may not read t2: the ordinary path says why")
    }
}
