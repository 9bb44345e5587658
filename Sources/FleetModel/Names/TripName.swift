/// A validated Fleet Engine trip resource name, `providers/{provider}/trips/{trip}`.
///
/// Parsing once at the edge (command line, config, API responses) lets the rest of the
/// follower pass names around without re-checking them. Encodes as its plain string.
public struct TripName: FleetResourceName {
    /// The provider id (the Google Cloud project id).
    public let provider: String
    /// The trip id.
    public let tripID: String

    /// Builds a name from its ids, validating both (see ``ResourceID``).
    public init(provider: String, tripID: String) throws(NameError) {
        try ResourceNameKind.trip.validate(provider: provider, id: tripID)
        self.provider = provider
        self.tripID = tripID
    }

    /// Parses `providers/{provider}/trips/{trip}` strictly: exactly four segments, the literal
    /// `providers` and `trips`, and valid ids.
    public init(parsing name: String) throws(NameError) {
        let (provider, id) = try ResourceNameKind.trip.parse(name)
        self.provider = provider
        self.tripID = id
    }

    /// The full resource name.
    public var description: String { ResourceNameKind.trip.name(provider: provider, id: tripID) }

    /// `providers/{provider}`, the parent used in CreateTrip and SearchTrips requests.
    public var parent: String { "providers/\(provider)" }
}
