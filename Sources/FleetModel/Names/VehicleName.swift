/// A validated Fleet Engine vehicle resource name, `providers/{provider}/vehicles/{vehicle}`.
///
/// Parsing once at the edge (command line, config, API responses) lets the rest of the
/// follower pass names around without re-checking them. Encodes as its plain string; parsing and formatting are
/// ``FleetResourceName``'s.
public struct VehicleName: FleetResourceName {
    public static var kind: ResourceNameKind { .vehicle }
    public let parts: ResourceNameParts

    /// The vehicle id.
    public var vehicleID: String { parts.id }

    public init(parts: ResourceNameParts) { self.parts = parts }

    /// Builds a name from its ids, validating both (see ``ResourceID``).
    public init(provider: String, vehicleID: String) throws(NameError) {
        try self.init(provider: provider, id: vehicleID)
    }
}
