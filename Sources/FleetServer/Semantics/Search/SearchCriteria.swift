import FleetModel

/// A SearchVehicles request checked against Fleet Engine's rules, with its defaults filled in and its filter parsed.
public struct SearchCriteria: Sendable {
    /// Fleet Engine's default `maximumStaleness`.
    public static let defaultMaximumStaleness = ProtoDuration(seconds: 300)
    /// `currentTripsPresent: ANY` admits vehicles with at most this many trips and waypoints.
    static let maximumCurrentTrips = 5
    static let maximumWaypoints = 10

    public let request: SearchVehiclesRequest
    public let pickup: LatLng
    public let dropoff: LatLng?
    public let tripType: TripType
    public let categories: Set<Vehicle.VehicleType.Category>
    public let maximumStaleness: ProtoDuration
    /// The `required*` lists or the filter, as ListVehicles applies them too.
    let attributes: AttributeRequirements
    /// The parsed `filter`, if the request has one.
    public var filter: VehicleAttributeFilter? { attributes.filter }

    /// Validates `request`; every failure is INVALID_ARGUMENT naming the field and the rule.
    public init(_ request: SearchVehiclesRequest) throws(FleetError) {
        self.request = request
        try TripService.validatePoint(request.pickupPoint, field: "pickupPoint", required: true)
        try TripService.validatePoint(request.dropoffPoint, field: "dropoffPoint", required: false)
        pickup = request.pickupPoint!.point!
        dropoff = request.dropoffPoint?.point
        guard (400...10_000).contains(request.pickupRadiusMeters) else {
            throw .invalidArgument(
                "pickupRadiusMeters must be between 400 and 10000 (inclusive); got \(request.pickupRadiusMeters)")
        }
        guard (1...50).contains(request.count) else {
            throw .invalidArgument("count must be between 1 and 50 (inclusive); got \(request.count)")
        }
        guard request.minimumCapacity >= 1 else {
            throw .invalidArgument(
                "minimumCapacity must be at least 1 (the driver is not counted); got \(request.minimumCapacity)")
        }
        guard request.tripTypes.count == 1, let tripType = request.tripTypes.first, tripType != .unknownTripType else {
            throw .invalidArgument(
                "tripTypes must hold exactly one of SHARED or EXCLUSIVE; got [\(request.tripTypes.map(\.protoName).joined(separator: ", "))]"
            )
        }
        self.tripType = tripType
        guard !request.vehicleTypes.isEmpty else {
            throw .invalidArgument("vehicleTypes is required: name at least one vehicle type")
        }
        if let i = request.vehicleTypes.firstIndex(where: { $0.category == .unknown }) {
            throw .invalidArgument("vehicleTypes[\(i)].category UNKNOWN is not allowed")
        }
        categories = Set(request.vehicleTypes.map(\.category))
        guard request.orderBy != .unknownVehicleMatchOrder else {
            throw .invalidArgument(
                "orderBy is required (PICKUP_POINT_ETA, PICKUP_POINT_DISTANCE, DROPOFF_POINT_ETA, PICKUP_POINT_STRAIGHT_DISTANCE or COST)"
            )
        }
        if request.orderBy == .dropoffPointEta, dropoff == nil {
            throw .invalidArgument("orderBy DROPOFF_POINT_ETA needs a dropoffPoint")
        }
        if let staleness = request.maximumStaleness, staleness <= ProtoDuration(seconds: 0) {
            throw .invalidArgument("maximumStaleness must be a positive duration; got \(staleness.protoText)")
        }
        maximumStaleness = request.maximumStaleness ?? Self.defaultMaximumStaleness
        if request.includeBackToBack, request.currentTripsPresent != .currentTripsPresentUnspecified {
            throw .invalidArgument(
                "includeBackToBack cannot be true when currentTripsPresent is \(request.currentTripsPresent.protoName)")
        }
        if tripType == .shared {
            guard request.currentTripsPresent != .currentTripsPresentUnspecified else {
                throw .invalidArgument("a SHARED search needs currentTripsPresent (NONE or ANY)")
            }
            guard dropoff != nil else { throw .invalidArgument("a SHARED search needs a dropoffPoint") }
        }
        guard request.requiredAttributes.count <= 50 else {
            throw .invalidArgument(
                "requiredAttributes has \(request.requiredAttributes.count) entries; at most 50 are allowed")
        }
        var filter: VehicleAttributeFilter?
        if !request.filter.isEmpty {
            let listed = [
                ("requiredAttributes", !request.requiredAttributes.isEmpty),
                ("requiredOneOfAttributes", !request.requiredOneOfAttributes.isEmpty),
                ("requiredOneOfAttributeSets", !request.requiredOneOfAttributeSets.isEmpty),
            ]
            if let used = listed.first(where: { $0.1 }) {
                throw .invalidArgument("filter cannot be combined with \(used.0): use one or the other")
            }
            filter = try VehicleAttributeFilter(parsing: request.filter)
        }
        attributes = AttributeRequirements(
            all: request.requiredAttributes, oneOf: request.requiredOneOfAttributes.map(\.attributes),
            sets: request.requiredOneOfAttributeSets.map(\.attributes), filter: filter)
    }

    var count: Int { Int(request.count) }
    var radius: Double { Double(request.pickupRadiusMeters) }
    var minimumCapacity: Int32 { request.minimumCapacity }
}
