import FleetModel
import Foundation
import TripFollowing

/// A ``TripBackend`` over Fleet Engine's REST API — Google's or tripterm's local server, the same code for both:
/// GetTrip with the `JOURNEY_SHARING_V1S` view, polled with delta versions as the Consumer SDK does.
///
/// Each poll sends the `currentRouteSegmentVersion` (and traffic version) of the last route it received. When the
/// route has not changed since, the server leaves it out of the response; the backend then puts the route it kept
/// back into the trip, so the model sees the same trip as with a full response and reports no change. A snapshot
/// is stamped with the response's `Date` header, or the local time when there is none.
public actor FleetEngineBackend: TripBackend {
    public nonisolated let client: FleetEngineClient
    public nonisolated let view: TripView
    public nonisolated let routeFormatType: PolylineFormatType
    private let now: @Sendable () -> Date
    private var kept: KeptRoute?
    /// Polls whose route was restored from the kept one because the server omitted it as unchanged.
    public private(set) var reusedRouteCount = 0

    public nonisolated var displayName: String { client.baseURL }

    public init(
        client: FleetEngineClient, view: TripView = .journeySharingV1S,
        routeFormatType: PolylineFormatType = .unknownFormatType,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.view = view
        self.routeFormatType = routeFormatType
        self.now = now
    }

    public func fetchTrip(_ name: TripName) async throws -> TripSnapshot {
        let kept = self.kept?.name == name ? self.kept : nil
        let options = GetTripRequest(
            view: view, currentRouteSegmentVersion: kept?.routeVersion, routeFormatType: routeFormatType,
            currentRouteSegmentTrafficVersion: kept?.trafficVersion)
        let response = try await client.getTripResponse(name, options: options)
        var trip = response.message
        if let kept, kept.restore(into: &trip) { reusedRouteCount += 1 }
        self.kept = KeptRoute(name: name, trip: trip)
        return TripSnapshot(trip: trip, observedAt: ProtoTimestamp(response.serverDate ?? now()))
    }
}

/// The route fields of the last trip, kept to stand in for a route the server omitted as unchanged.
struct KeptRoute: Sendable {
    var name: TripName
    var routeVersion: ProtoTimestamp?
    var route: [LatLng]
    var currentRouteSegment: String
    var currentRouteSegmentEndPoint: TripWaypoint?
    var trafficVersion: ProtoTimestamp?
    var traffic: ConsumableTrafficPolyline?

    init(name: TripName, trip: Trip) {
        self.name = name
        routeVersion = trip.currentRouteSegmentVersion
        route = trip.route
        currentRouteSegment = trip.currentRouteSegment
        currentRouteSegmentEndPoint = trip.currentRouteSegmentEndPoint
        trafficVersion = trip.currentRouteSegmentTrafficVersion
        traffic = trip.currentRouteSegmentTraffic
    }

    /// Puts the kept route (and traffic) into `trip` where the server left them out as unchanged — no route in the
    /// response, and a version no newer than the one sent — and returns whether it did. A trip that has ended
    /// keeps its empty route: a finished trip has none.
    func restore(into trip: inout Trip) -> Bool {
        guard !trip.tripStatus.isTerminal else { return false }
        var restored = false
        if let version = routeVersion, trip.route.isEmpty, trip.currentRouteSegment.isEmpty,
            trip.currentRouteSegmentVersion.map({ $0 <= version }) ?? true,
            !(route.isEmpty && currentRouteSegment.isEmpty)
        {
            trip.route = route
            trip.currentRouteSegment = currentRouteSegment
            trip.currentRouteSegmentVersion = version
            if trip.currentRouteSegmentEndPoint == nil {
                trip.currentRouteSegmentEndPoint = currentRouteSegmentEndPoint
            }
            restored = true
        }
        if let version = trafficVersion, trip.currentRouteSegmentTraffic == nil, let traffic,
            trip.currentRouteSegmentTrafficVersion.map({ $0 <= version }) ?? true
        {
            trip.currentRouteSegmentTraffic = traffic
            trip.currentRouteSegmentTrafficVersion = version
            restored = true
        }
        return restored
    }
}
