import FleetModel
import TripFollowing

/// The ``ShipmentBackend`` over Fleet Engine's GetTaskTrackingInfo (Google's or the local server), as the
/// JavaScript SDK's shipment location provider calls it.
public struct FleetEngineShipmentBackend: ShipmentBackend {
    public let client: FleetEngineClient

    public init(client: FleetEngineClient) { self.client = client }

    public func fetchTrackingInfo(_ name: TaskTrackingInfoName) async throws -> TaskTrackingInfo {
        try await client.getTaskTrackingInfo(name)
    }

    public var displayName: String { client.baseURL }
}
