/// A validated Fleet Engine trip resource name, `providers/{provider}/trips/{trip}`.
///
/// Parsing once at the edge (command line, config, API responses) lets the rest of the
/// follower pass names around without re-checking them. Encodes as its plain string; parsing and formatting are
/// ``FleetResourceName``'s.
public struct TripName: FleetResourceName {
    public static var kind: ResourceNameKind { .trip }
    public let parts: ResourceNameParts

    /// The trip id.
    public var tripID: String { parts.id }

    public init(parts: ResourceNameParts) { self.parts = parts }

    /// Builds a name from its ids, validating both (see ``ResourceID``).
    public init(provider: String, tripID: String) throws(NameError) {
        try self.init(provider: provider, id: tripID)
    }
}
