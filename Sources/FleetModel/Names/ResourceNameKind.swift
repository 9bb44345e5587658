/// The shape shared by `providers/{provider}/{collection}/{id}` names: which collection, the format, and the strict
/// parsing and validation behind ``FleetResourceName``. Public only as that protocol's `kind`; its parts are
/// FleetModel's own.
public struct ResourceNameKind: Sendable {
    let collection: String
    let nameField: NameError.Field
    let idField: NameError.Field
    let format: String
    /// Other collections, with what to call them, for a hint when the wrong kind is passed.
    let otherCollections: [(collection: String, noun: String)]

    static let trip = ResourceNameKind(
        collection: "trips", nameField: .tripName, idField: .tripID,
        format: "providers/{provider}/trips/{trip}",
        otherCollections: [("vehicles", "a vehicle name")]
    )
    static let vehicle = ResourceNameKind(
        collection: "vehicles", nameField: .vehicleName, idField: .vehicleID,
        format: "providers/{provider}/vehicles/{vehicle}",
        otherCollections: [("trips", "a trip name")]
    )
    static let deliveryVehicle = ResourceNameKind(
        collection: "deliveryVehicles", nameField: .deliveryVehicleName, idField: .deliveryVehicleID,
        format: "providers/{provider}/deliveryVehicles/{vehicle}",
        otherCollections: [("vehicles", "an on-demand vehicle name"), ("tasks", "a task name")]
    )
    static let task = ResourceNameKind(
        collection: "tasks", nameField: .taskName, idField: .taskID,
        format: "providers/{provider}/tasks/{task}",
        otherCollections: [("deliveryVehicles", "a delivery vehicle name"), ("trips", "a trip name")]
    )
    static let taskTrackingInfo = ResourceNameKind(
        collection: "taskTrackingInfo", nameField: .taskTrackingInfoName, idField: .trackingID,
        format: "providers/{provider}/taskTrackingInfo/{tracking_id}",
        otherCollections: [("tasks", "a task name")]
    )

    func name(provider: String, id: String) -> String {
        "providers/\(provider)/\(collection)/\(id)"
    }

    /// Checks both ids; `name` is the full name being parsed, if any, for messages.
    func validate(provider: String, id: String, name: String? = nil) throws(NameError) -> ResourceNameParts {
        if let reason = ResourceID.problem(withProviderID: provider) {
            throw NameError(
                input: provider, field: .providerID, reason: reason, expectedFormat: format, name: name
            )
        }
        if let reason = ResourceID.problem(withID: id) {
            throw NameError(input: id, field: idField, reason: reason, expectedFormat: format, name: name)
        }
        return ResourceNameParts(provider: provider, id: id)
    }

    /// Splits and validates a full name strictly: four segments, literal `providers` and
    /// the collection, no empty segments.
    func parse(_ text: String) throws(NameError) -> ResourceNameParts {
        let segments = text.split(ascii: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(String.init)
        guard segments.count == 4, segments[0] == "providers", segments[2] == collection else {
            throw NameError(
                input: text, field: nameField, reason: formatReason(segments), expectedFormat: format
            )
        }
        return try validate(provider: segments[1], id: segments[3], name: text)
    }

    private func formatReason(_ segments: [String]) -> String {
        var reason = "must look like \(format)"
        if segments.count == 4, segments[0] == "providers",
            let other = otherCollections.first(where: { $0.collection == segments[2] })
        {
            reason += " (this is \(other.noun))"
        } else if segments.count == 5, segments[4].isEmpty {
            reason += " (remove the trailing '/')"
        }
        return reason
    }
}
