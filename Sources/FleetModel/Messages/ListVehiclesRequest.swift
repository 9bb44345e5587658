/// `maps.fleetengine.v1.ListVehiclesRequest`: one page of a provider's vehicles, narrowed by its filters. Over REST
/// `parent` is in the path and every other field a query parameter.
///
/// Every field of the v1 message is here, so that both protocols read the same request; which filters the local
/// server honours is the server's business (docs/server.md).
public struct ListVehiclesRequest: ProtoMessage, Hashable, Sendable {
    public var header: RequestHeader?
    /// `providers/{provider}`.
    public var parent: String
    public var pageSize: Int32
    public var pageToken: String
    /// `google.protobuf.Int32Value`: at least this many seats, when set.
    public var minimumCapacity: Int32?
    /// Vehicles supporting at least one of these.
    public var tripTypes: [TripType]
    /// Vehicles whose last location is at most this old.
    public var maximumStaleness: ProtoDuration?
    public var vehicleTypeCategories: [VehicleType.Category]
    /// `key:value` strings a vehicle must all have.
    public var requiredAttributes: [String]
    /// `key:value` strings separated by `|`, of which a vehicle must have one.
    public var requiredOneOfAttributes: [String]
    /// `key:value` strings separated by `|`, of which a vehicle must have every one of some entry.
    public var requiredOneOfAttributeSets: [String]
    public var vehicleState: VehicleState
    /// Only vehicles with current trips.
    public var onTripOnly: Bool
    /// An AIP-160 filter over vehicle attributes (`attributes.zone = "north"`).
    public var filter: String
    /// Only vehicles whose last location is inside this box.
    public var viewport: GeoViewport?

    public init(
        header: RequestHeader? = nil, parent: String = "", pageSize: Int32 = 0, pageToken: String = "",
        minimumCapacity: Int32? = nil, tripTypes: [TripType] = [], maximumStaleness: ProtoDuration? = nil,
        vehicleTypeCategories: [VehicleType.Category] = [], requiredAttributes: [String] = [],
        requiredOneOfAttributes: [String] = [], requiredOneOfAttributeSets: [String] = [],
        vehicleState: VehicleState = .unknownVehicleState, onTripOnly: Bool = false, filter: String = "",
        viewport: GeoViewport? = nil
    ) {
        self.header = header
        self.parent = parent
        self.pageSize = pageSize
        self.pageToken = pageToken
        self.minimumCapacity = minimumCapacity
        self.tripTypes = tripTypes
        self.maximumStaleness = maximumStaleness
        self.vehicleTypeCategories = vehicleTypeCategories
        self.requiredAttributes = requiredAttributes
        self.requiredOneOfAttributes = requiredOneOfAttributes
        self.requiredOneOfAttributeSets = requiredOneOfAttributeSets
        self.vehicleState = vehicleState
        self.onTripOnly = onTripOnly
        self.filter = filter
        self.viewport = viewport
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        filter = try r("filter", default: "")
        header = try r("header")
        maximumStaleness = try r("maximumStaleness")
        minimumCapacity = try r("minimumCapacity")
        onTripOnly = try r("onTripOnly", default: false)
        pageSize = try r("pageSize", default: 0)
        pageToken = try r("pageToken", default: "")
        parent = try r("parent", default: "")
        requiredAttributes = try r.repeated("requiredAttributes")
        requiredOneOfAttributeSets = try r.repeated("requiredOneOfAttributeSets")
        requiredOneOfAttributes = try r.repeated("requiredOneOfAttributes")
        tripTypes = try r.repeated("tripTypes")
        vehicleState = try r("vehicleState", default: .unknownVehicleState)
        vehicleTypeCategories = try r.repeated("vehicleTypeCategories")
        viewport = try r("viewport")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("filter", filter)
        try w.put("header", header)
        try w.put("maximumStaleness", maximumStaleness)
        try w.put("minimumCapacity", minimumCapacity)
        try w.put("onTripOnly", onTripOnly)
        try w.put("pageSize", pageSize)
        try w.put("pageToken", pageToken)
        try w.put("parent", parent)
        try w.put("requiredAttributes", requiredAttributes)
        try w.put("requiredOneOfAttributeSets", requiredOneOfAttributeSets)
        try w.put("requiredOneOfAttributes", requiredOneOfAttributes)
        try w.put("tripTypes", tripTypes)
        try w.put("vehicleState", vehicleState)
        try w.put("vehicleTypeCategories", vehicleTypeCategories)
        try w.put("viewport", viewport)
    }
}
