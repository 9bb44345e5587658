/// The validated ids of a `providers/{provider}/{collection}/{id}` name: what ``TripName`` and ``VehicleName`` hold.
///
/// Only FleetModel makes one, after checking both ids (``ResourceNameKind``), so a name built from it is valid
/// wherever it was built.
public struct ResourceNameParts: Hashable, Sendable {
    /// The provider id (the Google Cloud project id).
    public let provider: String
    /// The trip or vehicle id, the name's last segment.
    public let id: String
}
