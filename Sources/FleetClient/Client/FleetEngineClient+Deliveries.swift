import FleetModel

/// DeliveryService over REST, as a shipment's consumer calls it.
extension FleetEngineClient {
    /// `GET /v1/providers/{p}/taskTrackingInfo/{trackingId}`: the shipment as its consumer may see it.
    public func getTaskTrackingInfo(_ name: TaskTrackingInfoName) async throws(TripServiceError) -> TaskTrackingInfo {
        let request = FleetRequest(
            method: .get,
            path: FleetRequest.path(provider: name.provider, collection: "taskTrackingInfo", id: name.trackingID),
            query: query())
        let context = AuthTokenContext(trackingID: name.trackingID, role: options.role)
        return try await send(request, context: context, as: TaskTrackingInfo.self).message
    }
}
