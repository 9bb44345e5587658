import FleetModel
import Testing

@testable import FleetServer

@Suite struct SearchCriteriaTests {
    typealias Edit = @Sendable (inout SearchVehiclesRequest) -> Void

    static let cases: [(Edit, String)] = [
        ({ $0.pickupPoint = nil }, "pickupPoint is required"),
        ({ $0.pickupPoint = TerminalLocation(point: nil) }, "pickupPoint.point is required"),
        (
            { $0.pickupPoint = TerminalLocation(point: LatLng(latitude: 91, longitude: 0)) },
            "pickupPoint.point.latitude 91.0 is outside [-90, 90]"
        ),
        ({ $0.dropoffPoint = TerminalLocation(point: nil) }, "dropoffPoint.point is required"),
        ({ $0.pickupRadiusMeters = 399 }, "pickupRadiusMeters must be between 400 and 10000 (inclusive); got 399"),
        ({ $0.pickupRadiusMeters = 10_001 }, "pickupRadiusMeters must be between 400 and 10000 (inclusive); got 10001"),
        ({ $0.count = 0 }, "count must be between 1 and 50 (inclusive); got 0"),
        ({ $0.count = 51 }, "count must be between 1 and 50 (inclusive); got 51"),
        ({ $0.minimumCapacity = 0 }, "minimumCapacity must be at least 1 (the driver is not counted); got 0"),
        ({ $0.tripTypes = [] }, "tripTypes must hold exactly one of SHARED or EXCLUSIVE; got []"),
        (
            { $0.tripTypes = [.exclusive, .shared] },
            "tripTypes must hold exactly one of SHARED or EXCLUSIVE; got [EXCLUSIVE, SHARED]"
        ),
        (
            { $0.tripTypes = [.unknownTripType] },
            "tripTypes must hold exactly one of SHARED or EXCLUSIVE; got [UNKNOWN_TRIP_TYPE]"
        ),
        ({ $0.vehicleTypes = [] }, "vehicleTypes is required: name at least one vehicle type"),
        (
            { $0.vehicleTypes = [Vehicle.VehicleType(category: .taxi), Vehicle.VehicleType(category: .unknown)] },
            "vehicleTypes[1].category UNKNOWN is not allowed"
        ),
        (
            { $0.orderBy = .unknownVehicleMatchOrder },
            "orderBy is required (PICKUP_POINT_ETA, PICKUP_POINT_DISTANCE, DROPOFF_POINT_ETA, PICKUP_POINT_STRAIGHT_DISTANCE or COST)"
        ),
        ({ $0.orderBy = .dropoffPointEta }, "orderBy DROPOFF_POINT_ETA needs a dropoffPoint"),
        ({ $0.maximumStaleness = ProtoDuration(seconds: 0) }, "maximumStaleness must be a positive duration; got 0s"),
        (
            {
                $0.includeBackToBack = true
                $0.currentTripsPresent = .none
            }, "includeBackToBack cannot be true when currentTripsPresent is NONE"
        ),
        (
            {
                $0.tripTypes = [.shared]
                $0.dropoffPoint = TerminalLocation(point: SearchFleet.dropoff)
            }, "a SHARED search needs currentTripsPresent (NONE or ANY)"
        ),
        (
            {
                $0.tripTypes = [.shared]
                $0.currentTripsPresent = .any
            }, "a SHARED search needs a dropoffPoint"
        ),
        (
            { $0.requiredAttributes = (0..<51).map { VehicleAttribute(key: "k\($0)", value: "v") } },
            "requiredAttributes has 51 entries; at most 50 are allowed"
        ),
        (
            {
                $0.filter = #"attributes.a = "1""#
                $0.requiredOneOfAttributes = [
                    VehicleAttributeList(attributes: [VehicleAttribute(key: "a", value: "1")])
                ]
            }, "filter cannot be combined with requiredOneOfAttributes: use one or the other"
        ),
        (
            { $0.filter = "attributes.a = 1" },
            #"filter: at position 16 ('1'): expected a quoted string value, found 1: attributes are compared as strings, so write "1""#
        ),
    ]

    @Test(arguments: cases.indices)
    func eachRuleIsInvalidArgumentSayingWhy(_ index: Int) {
        var request = SearchFleet.request()
        Self.cases[index].0(&request)
        #expect(throws: FleetError.invalidArgument(Self.cases[index].1)) { try SearchCriteria(request) }
    }

    @Test func defaultsAreFilledIn() throws {
        let criteria = try SearchCriteria(SearchFleet.request())
        #expect(criteria.maximumStaleness == ProtoDuration(seconds: 300))
        #expect(criteria.filter == nil && criteria.tripType == .exclusive && criteria.categories == [.auto])
        var shared = SearchFleet.request(type: .shared)
        shared.currentTripsPresent = .any
        shared.dropoffPoint = TerminalLocation(point: SearchFleet.dropoff)
        shared.pickupRadiusMeters = 400
        shared.count = 50
        #expect(try SearchCriteria(shared).dropoff == SearchFleet.dropoff)
    }
}
