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
