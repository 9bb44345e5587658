/// A validated Fleet Engine vehicle resource name, `providers/{provider}/vehicles/{vehicle}`.
///
/// Parsing once at the edge (command line, config, API responses) lets the rest of the
/// follower pass names around without re-checking them. Encodes as its plain string.
public struct VehicleName: FleetResourceName {
    /// The provider id (the Google Cloud project id).
    public let provider: String
    /// The vehicle id.
    public let vehicleID: String

    /// Builds a name from its ids, validating both (see ``ResourceID``).
    public init(provider: String, vehicleID: String) throws(NameError) {
        try ResourceNameKind.vehicle.validate(provider: provider, id: vehicleID)
        self.provider = provider
        self.vehicleID = vehicleID
    }

    /// Parses `providers/{provider}/vehicles/{vehicle}` strictly: exactly four segments, the
    /// literal `providers` and `vehicles`, and valid ids.
    public init(parsing name: String) throws(NameError) {
        let (provider, id) = try ResourceNameKind.vehicle.parse(name)
        self.provider = provider
        self.vehicleID = id
    }

    /// The full resource name.
    public var description: String { ResourceNameKind.vehicle.name(provider: provider, id: vehicleID) }

    /// `providers/{provider}`, the parent used in CreateVehicle and ListVehicles requests.
    public var parent: String { "providers/\(provider)" }
}
