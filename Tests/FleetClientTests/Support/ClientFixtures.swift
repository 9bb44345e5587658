import AsyncHTTPClient
import FleetClient
import FleetModel
import Foundation
import TestSupport

/// Names, trips and clients the FleetClient tests share.
enum ClientFixtures {
    static let tripName = try! TripName(parsing: "providers/my-project/trips/trip-1")
    static let vehicleName = try! VehicleName(parsing: "providers/my-project/vehicles/vehicle-1")
    static let pickup = LatLng(latitude: 37.7749, longitude: -122.4194)
    static let dropoff = LatLng(latitude: 37.8044, longitude: -122.2712)

    static func trip(
        _ status: TripStatus = .enrouteToPickup, routeVersion: ProtoTimestamp? = nil, route: [LatLng]? = nil
    ) -> Trip {
        var trip = Trip(
            name: tripName.description, tripStatus: status, tripType: .exclusive,
            pickupPoint: TerminalLocation(point: pickup),
            dropoffPoint: TerminalLocation(point: dropoff))
        trip.vehicleId = "vehicle-1"
        trip.numberOfPassengers = 1
        if let route {
            trip.route = route
            trip.currentRouteSegmentVersion = routeVersion
        }
        return trip
    }

    static func json(_ message: some Encodable) -> String {
        try! ProtoJSON.encodeString(message)
    }

    /// Runs `body` with an HTTP client that is shut down whatever happens (AsyncHTTPClient traps when a client is
    /// dropped without it: a test that throws would crash the whole run).
    static func withHTTPClient<T>(
        connectTimeout: Duration = .seconds(5), _ body: (HTTPClient) async throws -> T
    ) async throws -> T {
        let http = FleetEngineClient.makeHTTPClient(connectTimeout: connectTimeout)
        do {
            let result = try await body(http)
            try await http.shutdown()
            return result
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// A client for `fake` with `tokens` (none by default) and short timeouts so fault tests finish quickly.
    static func withClient<T: Sendable>(
        _ fake: FakeFleetEngine, baseURL: String? = nil, tokens: (any AuthTokenProvider)? = nil,
        options: FleetClientOptions = .init(),
        _ body: (FleetEngineClient) async throws -> T
    ) async throws -> T {
        try await withHTTPClient(connectTimeout: .seconds(2)) { http in
            try await body(
                FleetEngineClient(
                    baseURL: baseURL ?? fake.baseURL, tokenProvider: tokens, httpClient: http, options: options))
        }
    }

    /// Runs `operation` expecting a ``TripServiceError``, and returns it (nil if it succeeded or threw another
    /// kind of error, which the test then reports as a missing failure).
    static func failure<T>(_ operation: () async throws -> T) async -> TripServiceError? {
        do {
            _ = try await operation()
            return nil
        } catch {
            return error as? TripServiceError
        }
    }
}
