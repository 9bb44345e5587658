/// What ``TripName`` and ``VehicleName`` share: strict parsing and the formatting of their `kind` of name, and
/// travelling as their plain string — on the command line (`LosslessStringConvertible`) and in JSON (`Codable`).
/// One implementation here; each type adds only its id's name and initialiser label.
public protocol FleetResourceName: Hashable, Sendable, LosslessStringConvertible, Codable {
    /// The name's collection and format (``ResourceNameKind/trip``, ``ResourceNameKind/vehicle``).
    static var kind: ResourceNameKind { get }
    /// The name's ids, valid by construction.
    var parts: ResourceNameParts { get }
    init(parts: ResourceNameParts)
    /// Parses `providers/{provider}/{collection}/{id}` strictly: exactly four segments, the literal `providers` and
    /// the kind's collection, and valid ids.
    init(parsing name: String) throws(NameError)
}

extension FleetResourceName {
    /// The provider id (the Google Cloud project id).
    public var provider: String { parts.provider }

    /// `providers/{provider}`, the parent used in Create, List and Search requests.
    public var parent: String { "providers/\(parts.provider)" }

    /// The full resource name.
    public var description: String { Self.kind.name(provider: parts.provider, id: parts.id) }

    public init(parsing name: String) throws(NameError) {
        self.init(parts: try Self.kind.parse(name))
    }

    /// Builds a name from its ids, validating both (see ``ResourceID``).
    init(provider: String, id: String) throws(NameError) {
        self.init(parts: try Self.kind.validate(provider: provider, id: id))
    }

    /// `nil` when `description` is not a valid name of this kind.
    public init?(_ description: String) {
        guard let name = try? Self(parsing: description) else { return nil }
        self = name
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
