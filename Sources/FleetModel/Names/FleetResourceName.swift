/// What ``TripName`` and ``VehicleName`` share: strict parsing, and travelling as their plain string — on the
/// command line (`LosslessStringConvertible`) and in JSON (`Codable`).
public protocol FleetResourceName: Hashable, Sendable, LosslessStringConvertible, Codable {
    init(parsing name: String) throws(NameError)
}

extension FleetResourceName {
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
