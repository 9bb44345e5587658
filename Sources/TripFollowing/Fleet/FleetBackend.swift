import FleetEvents
import FleetModel

/// Where a ``FleetTracker`` reads the fleet: one page at a time of ListVehicles, and of the Deliveries API's
/// ListDeliveryVehicles and ListTasks. The HTTP backend (`FleetEngineFleetBackend`, in FleetClient) asks Fleet
/// Engine or the local server; tests script one; a replay of on-demand logs answers only the first.
public protocol FleetBackend: Sendable {
    /// One page of vehicles; `pageToken` nil for the first. An empty `nextPageToken` ends the listing.
    func listVehicles(pageToken: String?) async throws(TripServiceError) -> ListVehiclesResponse
    /// One page of delivery vehicles (without their stops: ListDeliveryVehicles never fills them).
    func listDeliveryVehicles(pageToken: String?) async throws(TripServiceError) -> ListDeliveryVehiclesResponse
    /// One page of the tasks that `filter` (AIP-160, empty for every task) selects.
    func listTasks(filter: String, pageToken: String?) async throws(TripServiceError) -> ListTasksResponse
    /// tripterm's own events (the local server's `GET …/events`) after `after`, oldest first, at most
    /// ``FleetTracker/eventPageSize``.
    func listEvents(after: Int64) async throws(TripServiceError) -> [FleetEventRecord]
    /// The newest `count` events, oldest first: the tracker's first read, so that it starts at the recent ones.
    func listEvents(newest count: Int) async throws(TripServiceError) -> [FleetEventRecord]
}

extension FleetBackend {
    /// A backend without the Deliveries API (a replay of on-demand logs) has no delivery vehicle.
    public func listDeliveryVehicles(
        pageToken: String?
    ) async throws(TripServiceError) -> ListDeliveryVehiclesResponse {
        ListDeliveryVehiclesResponse()
    }

    /// …and no task.
    public func listTasks(filter: String, pageToken: String?) async throws(TripServiceError) -> ListTasksResponse {
        ListTasksResponse()
    }

    /// A backend other than tripterm's server (Google's, a replay) has no events endpoint.
    public func listEvents(after: Int64) async throws(TripServiceError) -> [FleetEventRecord] {
        throw TripServiceError(code: .unimplemented, message: "this backend records no events")
    }

    public func listEvents(newest count: Int) async throws(TripServiceError) -> [FleetEventRecord] {
        throw TripServiceError(code: .unimplemented, message: "this backend records no events")
    }
}
