import FleetModel

/// A billable trip's resource name, `providers/{provider}/billableTrips/{billableTrip}`: the id is any id Fleet Engine
/// takes for a trip (the reference names no other rule).
public struct BillableTripName: Hashable, Sendable, CustomStringConvertible {
    public let provider: String
    public let id: String

    public init(provider: String, id: String) throws(FleetError) {
        if let problem = ResourceID.problem(withProviderID: provider) {
            throw .invalidArgument("invalid provider id \"\(provider)\": \(problem)")
        }
        if let problem = ResourceID.problem(withID: id) {
            throw .invalidArgument("invalid billable trip id \"\(id)\": \(problem)")
        }
        self.provider = provider
        self.id = id
    }

    /// Parses `providers/{provider}/billableTrips/{billableTrip}`; anything else is INVALID_ARGUMENT.
    public init(parsing name: String) throws(FleetError) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "providers", parts[2] == "billableTrips" else {
            throw .invalidArgument("name \"\(name)\" must be providers/{provider}/billableTrips/{billableTrip}")
        }
        try self.init(provider: String(parts[1]), id: String(parts[3]))
    }

    public var description: String { "providers/\(provider)/billableTrips/\(id)" }
}

/// Fleet Engine's rules for a ReportBillableTrip request, as its reference states them.
enum BillableTrips {
    /// At most this many `relatedIds`.
    static let maxRelatedIDs = 50

    static func validate(_ report: ReportBillableTripRequest) throws(FleetError) {
        let code = report.countryCode
        guard !code.isEmpty else {
            throw .invalidArgument(
                "countryCode is required: the two-letter code (ISO 3166-1) of the country the trip took place in")
        }
        guard code.unicodeScalars.count == 2,
            code.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
        else {
            throw .invalidArgument("countryCode \"\(code)\" is not a two-letter country code (ISO 3166-1 alpha-2)")
        }
        guard report.relatedIds.count <= maxRelatedIDs else {
            throw .invalidArgument(
                "relatedIds has \(report.relatedIds.count) entries; at most \(maxRelatedIDs) are allowed")
        }
        if let index = report.relatedIds.firstIndex(where: \.isEmpty) {
            throw .invalidArgument("relatedIds[\(index)] is empty")
        }
    }
}
