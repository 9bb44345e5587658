import FleetClient
import FleetModel
import RoadMap

/// A simulated city's dispatcher, as a provider's back end: every `interval` a rider asks for a trip between two
/// random points on the roads; the ``VehicleMatcher`` (SearchVehicles) picks the vehicle, and the trip is created
/// assigned to it. When no vehicle is free the request is turned away, as a rider would be told.
public struct CityDispatcher: Sendable {
    let client: FleetEngineClient
    let provider: String
    let matcher: any VehicleMatcher
    let places: RoadPlaces
    let clock: any Clock<Duration>
    let interval: Duration
    let notes: @Sendable (String) -> Void

    public init(
        client: FleetEngineClient, provider: String, matcher: any VehicleMatcher, places: RoadPlaces,
        clock: any Clock<Duration>, interval: Duration, notes: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.client = client
        self.provider = provider
        self.matcher = matcher
        self.places = places
        self.clock = clock
        self.interval = interval
        self.notes = notes
    }

    /// The shortest trip asked for, so that every trip crosses a few streets.
    public static let shortestTripMeters = 600.0

    /// Creates trips until cancelled, named `{prefix}-1`, `{prefix}-2`…
    public func run(prefix: String, seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        var number = 0
        while !Task.isCancelled {
            try await clock.sleep(for: interval)
            let pickup = places.random(using: &random)
            var dropoff = places.random(using: &random)
            for _ in 0..<20 where Geo.distance(pickup, dropoff) < Self.shortestTripMeters {
                dropoff = places.random(using: &random)
            }
            number += 1
            do {
                try await dispatch(name: TripName(provider: provider, tripID: "\(prefix)-\(number)"), pickup, dropoff)
            } catch {
                notes("trip \(prefix)-\(number): \(error)")
            }
        }
    }

    private func dispatch(name: TripName, _ pickup: LatLng, _ dropoff: LatLng) async throws {
        guard let vehicle = try await matcher.vehicle(forPickupAt: pickup) else {
            notes("no free vehicle near \(pickup.latitude), \(pickup.longitude): trip \(name.tripID) not created")
            return
        }
        var trip = Trip(
            tripType: .exclusive, pickupPoint: TerminalLocation(point: pickup),
            dropoffPoint: TerminalLocation(point: dropoff))
        trip.numberOfPassengers = 1
        trip.vehicleId = String(vehicle.name.split(separator: "/").last ?? "")
        _ = try await client.createTrip(trip, name: name)
        notes("trip \(name.tripID) → \(trip.vehicleId)")
    }
}
