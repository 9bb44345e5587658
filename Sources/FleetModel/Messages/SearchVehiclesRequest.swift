/// `maps.fleetengine.v1.SearchVehiclesRequest`: the vehicles that could serve a trip from `pickupPoint`. Its
/// `parent` travels in the REST path; the body's `parent` is read so gRPC and REST share one message.
public struct SearchVehiclesRequest: ProtoMessage, Hashable, Sendable {
    public var header: RequestHeader?
    public var parent: String
    public var pickupPoint: TerminalLocation?
    /// Required for SHARED searches and for DROPOFF_POINT_ETA order.
    public var dropoffPoint: TerminalLocation?
    /// 400 to 10,000.
    public var pickupRadiusMeters: Int32
    /// 1 to 50: the most matches answered.
    public var count: Int32
    /// Passengers, not counting the driver; at least 1.
    public var minimumCapacity: Int32
    /// Exactly one.
    public var tripTypes: [TripType]
    /// Default five minutes.
    public var maximumStaleness: ProtoDuration?
    public var vehicleTypes: [VehicleType]
    public var requiredAttributes: [VehicleAttribute]
    public var requiredOneOfAttributes: [VehicleAttributeList]
    public var requiredOneOfAttributeSets: [VehicleAttributeList]
    public var orderBy: VehicleMatchOrder
    public var includeBackToBack: Bool
    public var tripId: String
    public var currentTripsPresent: CurrentTripsPresent
    /// An AIP-160 query over `attributes.KEY`; excludes the `required*` fields.
    public var filter: String

    public init(
        pickupPoint: TerminalLocation? = nil, dropoffPoint: TerminalLocation? = nil, pickupRadiusMeters: Int32 = 0,
        count: Int32 = 0, minimumCapacity: Int32 = 0, tripTypes: [TripType] = [], vehicleTypes: [VehicleType] = [],
        orderBy: VehicleMatchOrder = .unknownVehicleMatchOrder
    ) {
        self.parent = ""
        self.pickupPoint = pickupPoint
        self.dropoffPoint = dropoffPoint
        self.pickupRadiusMeters = pickupRadiusMeters
        self.count = count
        self.minimumCapacity = minimumCapacity
        self.tripTypes = tripTypes
        self.vehicleTypes = vehicleTypes
        self.requiredAttributes = []
        self.requiredOneOfAttributes = []
        self.requiredOneOfAttributeSets = []
        self.orderBy = orderBy
        self.includeBackToBack = false
        self.tripId = ""
        self.currentTripsPresent = .currentTripsPresentUnspecified
        self.filter = ""
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        count = try r("count", default: 0)
        currentTripsPresent = try r("currentTripsPresent", default: .currentTripsPresentUnspecified)
        dropoffPoint = try r("dropoffPoint")
        filter = try r("filter", default: "")
        header = try r("header")
        includeBackToBack = try r("includeBackToBack", default: false)
        maximumStaleness = try r("maximumStaleness")
        minimumCapacity = try r("minimumCapacity", default: 0)
        orderBy = try r("orderBy", default: .unknownVehicleMatchOrder)
        parent = try r("parent", default: "")
        pickupPoint = try r("pickupPoint")
        pickupRadiusMeters = try r("pickupRadiusMeters", default: 0)
        requiredAttributes = try r.repeated("requiredAttributes")
        requiredOneOfAttributeSets = try r.repeated("requiredOneOfAttributeSets")
        requiredOneOfAttributes = try r.repeated("requiredOneOfAttributes")
        tripId = try r("tripId", default: "")
        tripTypes = try r.repeated("tripTypes")
        vehicleTypes = try r.repeated("vehicleTypes")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("count", count)
        try w.put("currentTripsPresent", currentTripsPresent)
        try w.put("dropoffPoint", dropoffPoint)
        try w.put("filter", filter)
        try w.put("header", header)
        try w.put("includeBackToBack", includeBackToBack)
        try w.put("maximumStaleness", maximumStaleness)
        try w.put("minimumCapacity", minimumCapacity)
        try w.put("orderBy", orderBy)
        try w.put("parent", parent)
        try w.put("pickupPoint", pickupPoint)
        try w.put("pickupRadiusMeters", pickupRadiusMeters)
        try w.put("requiredAttributes", requiredAttributes)
        try w.put("requiredOneOfAttributeSets", requiredOneOfAttributeSets)
        try w.put("requiredOneOfAttributes", requiredOneOfAttributes)
        try w.put("tripId", tripId)
        try w.put("tripTypes", tripTypes)
        try w.put("vehicleTypes", vehicleTypes)
    }
}
