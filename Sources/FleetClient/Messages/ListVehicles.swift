import FleetModel

/// The filters of a ListVehicles request; they travel as query parameters (GET has no body).
public struct ListVehiclesRequest: Sendable, Hashable {
    public var pageSize: Int32?
    public var pageToken: String?
    public var minimumCapacity: Int32?
    public var tripTypes: [TripType]
    public var maximumStaleness: ProtoDuration?
    public var vehicleTypeCategories: [VehicleType.Category]
    public var vehicleState: VehicleState?
    public var onTripOnly: Bool
    /// An AIP-160 filter over vehicle attributes, e.g. `attributes.fare_class="standard"`.
    public var filter: String?

    public init(
        pageSize: Int32? = nil, pageToken: String? = nil, minimumCapacity: Int32? = nil, tripTypes: [TripType] = [],
        maximumStaleness: ProtoDuration? = nil, vehicleTypeCategories: [VehicleType.Category] = [],
        vehicleState: VehicleState? = nil, onTripOnly: Bool = false, filter: String? = nil
    ) {
        self.pageSize = pageSize
        self.pageToken = pageToken
        self.minimumCapacity = minimumCapacity
        self.tripTypes = tripTypes
        self.maximumStaleness = maximumStaleness
        self.vehicleTypeCategories = vehicleTypeCategories
        self.vehicleState = vehicleState
        self.onTripOnly = onTripOnly
        self.filter = filter
    }
}

/// `ListVehiclesResponse`: one page of vehicles.
public struct ListVehiclesResponse: ProtoMessage, Hashable, Sendable {
    public var vehicles: [Vehicle]
    public var nextPageToken: String
    /// int64, so a JSON string on the wire.
    public var totalSize: Int64

    public init(vehicles: [Vehicle] = [], nextPageToken: String = "", totalSize: Int64 = 0) {
        self.vehicles = vehicles
        self.nextPageToken = nextPageToken
        self.totalSize = totalSize
    }

    public init(from decoder: any Decoder) throws {
        let r = try ProtoReader(decoder)
        vehicles = try r.repeated("vehicles")
        nextPageToken = try r("nextPageToken", default: "")
        totalSize = try r("totalSize", default: 0)
        try r.finish()
    }

    public func encode(to encoder: any Encoder) throws {
        var w = ProtoWriter(encoder)
        try w.put("vehicles", vehicles)
        try w.put("nextPageToken", nextPageToken)
        try w.put("totalSize", totalSize)
    }
}
