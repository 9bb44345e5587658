import FleetModel

/// Where a ``TripModel`` gets trips from: the local server or Google's Fleet Engine over HTTP, a recording being
/// replayed, or a script in tests. Everything downstream of the model cannot tell which.
public protocol TripBackend: Sendable {
    /// The trip's current state. Throws a ``TripServiceError`` (other errors are classified by the model).
    func fetchTrip(_ name: TripName) async throws -> TripSnapshot
    /// A short label for status bars, e.g. `http://127.0.0.1:8787` or `replay trip.jsonl`.
    var displayName: String { get }
}
