/// `maps.fleetengine.v1.ReportBillableTripRequest`: reports a trip for billing. It has no `header`. Over REST the
/// message minus `name` is the body.
public struct ReportBillableTripRequest: ProtoMessage, Hashable, Sendable {
    /// `providers/{provider}/billableTrips/{billableTripId}`.
    public var name: String
    /// Two-letter ISO 3166-1 code of the country the trip took place in. Required.
    public var countryCode: String
    /// Where the request came from.
    public var platform: BillingPlatformIdentifier
    /// Ids of the reported trip's Fleet Engine trips (at most 50).
    public var relatedIds: [String]
    public var solutionType: SolutionType

    /// `maps.fleetengine.v1.ReportBillableTripRequest.SolutionType`: the product the trip was billed under.
    public enum SolutionType: Int32, ProtoEnum {
        /// Read as ON_DEMAND_RIDESHARING_AND_DELIVERIES, the only one.
        case solutionTypeUnspecified = 0
        case onDemandRidesharingAndDeliveries = 1

        public var protoName: String {
            switch self {
            case .solutionTypeUnspecified: "SOLUTION_TYPE_UNSPECIFIED"
            case .onDemandRidesharingAndDeliveries: "ON_DEMAND_RIDESHARING_AND_DELIVERIES"
            }
        }
    }

    public init(
        name: String = "", countryCode: String = "",
        platform: BillingPlatformIdentifier = .billingPlatformIdentifierUnspecified,
        relatedIds: [String] = [], solutionType: SolutionType = .solutionTypeUnspecified
    ) {
        self.name = name
        self.countryCode = countryCode
        self.platform = platform
        self.relatedIds = relatedIds
        self.solutionType = solutionType
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        countryCode = try r("countryCode", default: "")
        name = try r("name", default: "")
        platform = try r("platform", default: .billingPlatformIdentifierUnspecified)
        relatedIds = try r.repeated("relatedIds")
        solutionType = try r("solutionType", default: .solutionTypeUnspecified)
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("countryCode", countryCode)
        try w.put("name", name)
        try w.put("platform", platform)
        try w.put("relatedIds", relatedIds)
        try w.put("solutionType", solutionType)
    }
}
