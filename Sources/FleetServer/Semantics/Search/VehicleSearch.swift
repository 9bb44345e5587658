import FleetModel
import RoadMap

/// SearchVehicles over one provider's vehicles: Fleet Engine's validation and eligibility rules, match types, the
/// waypoints each match would drive through, and the requested order.
///
/// It keeps the vehicles, their active trips and a ``VehicleGrid`` of their positions, so one value can answer
/// many searches and be kept current by writes (`update(_:)` for a vehicle or trip), or be built per request.
/// A search costs: a grid lookup within `pickupRadiusMeters`, the eligibility rules for those vehicles, then
/// road routing for at most `count × candidateFactor` of them (the nearest by straight-line path), since a route
/// costs far more than a distance.
public struct VehicleSearch: Sendable {
    /// How many candidates per requested match are routed on the road graph for ETA and distance orders.
    public static let candidateFactor = 2

    private var vehicles: [Vehicle] = []
    private var slotByName: [String: Int32] = [:]
    private var freeSlots: [Int32] = []
    /// Active trips by trip id.
    private var trips: [String: Trip] = [:]
    private var grid = VehicleGrid()

    public init(vehicles: [Vehicle], trips: [Trip]) {
        for trip in trips { update(trip) }
        for vehicle in vehicles { update(vehicle) }
    }

    public var vehicleCount: Int { slotByName.count }

    /// The vehicles it holds, in no particular order.
    public var allVehicles: [Vehicle] { slotByName.values.map { vehicles[Int($0)] } }

    /// Adds or replaces a vehicle (by name), moving it in the grid.
    public mutating func update(_ vehicle: Vehicle) {
        let slot: Int32
        if let existing = slotByName[vehicle.name] {
            slot = existing
            vehicles[Int(slot)] = vehicle
        } else if let free = freeSlots.popLast() {
            slot = free
            vehicles[Int(slot)] = vehicle
        } else {
            slot = Int32(vehicles.count)
            vehicles.append(vehicle)
        }
        slotByName[vehicle.name] = slot
        grid.move(slot, to: vehicle.lastLocation?.location)
    }

    public mutating func removeVehicle(named name: String) {
        guard let slot = slotByName.removeValue(forKey: name) else { return }
        grid.move(slot, to: nil)
        freeSlots.append(slot)
    }

    public mutating func removeTrip(id: String) { trips[id] = nil }

    /// The active trip with this id, as last written; nil when the trip is finished or unknown.
    public func activeTrip(id: String) -> Trip? { trips[id] }

    /// The vehicle with this resource name, as last written.
    public func vehicle(named name: String) -> Vehicle? { slotByName[name].map { vehicles[Int($0)] } }

    /// Adds or replaces a trip; a finished trip is forgotten.
    public mutating func update(_ trip: Trip) {
        let id = TripWaypoints.tripID(trip)
        trips[id] = trip.tripStatus == .complete || trip.tripStatus == .canceled ? nil : trip
    }

    /// One search, as SearchVehicles answers it. `roads` gives road ETAs and distances where both ends of a leg
    /// snap onto it; without it (or off it) legs are straight lines at 30 km/h, and `orderedBy` says so.
    public func search(
        _ request: SearchVehiclesRequest, now: ProtoTimestamp, roads: RoadGraph?
    ) throws(FleetError) -> SearchVehiclesResponse {
        let criteria = try SearchCriteria(request)
        let byStraightLine = request.orderBy == .pickupPointStraightDistance
        let routed = byStraightLine ? criteria.count : criteria.count * Self.candidateFactor
        // Widening circles: a candidate's key (its straight-line path through earlier stops) is never shorter than
        // its straight line, so once `routed` candidates have keys within the circle, no vehicle outside it can
        // beat them and the rest of the radius is never looked at.
        var reach = min(criteria.radius, Self.firstReachMeters)
        var candidates = self.candidates(within: reach, criteria, byStraightLine: byStraightLine, now: now)
        while reach < criteria.radius, candidates.lazy.filter({ $0.key <= reach }).count < routed {
            reach = min(criteria.radius, reach * 2)
            candidates = self.candidates(within: reach, criteria, byStraightLine: byStraightLine, now: now)
        }
        if candidates.count > routed {
            // Keep those ranked at or before the routed-th key (ties kept, then cut by name below).
            var keys = candidates.map(\.key)
            keys.sort()
            let limit = keys[routed - 1]
            candidates.removeAll { $0.key > limit }
        }
        candidates.sort { $0.key != $1.key ? $0.key < $1.key : name($0.slot) < name($1.slot) }
        let estimator = TravelEstimator(roads: roads)
        let dropoffLeg = criteria.dropoff.map { estimator.leg(from: criteria.pickup, to: $0) }
        var matches = candidates.prefix(routed).map { candidate in
            SearchEstimate(
                plan: candidate.plan, vehicle: vehicles[Int(candidate.slot)], straightMeters: candidate.straight,
                criteria: criteria, dropoffLeg: dropoffLeg, estimator: estimator, now: now)
        }
        if !byStraightLine {
            matches.sort { $0.sortKey != $1.sortKey ? $0.sortKey < $1.sortKey : $0.vehicle.name < $1.vehicle.name }
        }
        return SearchVehiclesResponse(matches: matches.prefix(criteria.count).map(\.match))
    }

    /// The first circle searched; it doubles until it holds enough candidates or reaches `pickupRadiusMeters`.
    static let firstReachMeters = 250.0

    /// The eligible vehicles within `reach` metres of the pickup, with their ranking keys.
    private func candidates(
        within reach: Double, _ criteria: SearchCriteria, byStraightLine: Bool, now: ProtoTimestamp
    ) -> [Candidate] {
        let request = criteria.request
        var candidates: [Candidate] = []
        let near = grid.within(reach, of: criteria.pickup)
        candidates.reserveCapacity(near.count)
        for (slot, meters) in near {
            let current = vehicles[Int(slot)].currentTrips
            let active =
                current.isEmpty
                ? []
                : current.compactMap { trips[$0] }.filter {
                    request.tripId.isEmpty || TripWaypoints.tripID($0) != request.tripId
                }
            guard let plan = SearchPlan.make(vehicles[Int(slot)], trips: active, criteria: criteria, now: now)
            else { continue }
            // The straight-line length of the way to the pickup: what ranks candidates before routing.
            var path = 0.0, from = plan.origin
            for stop in plan.stops {
                path += Geo.distance(from, stop)
                from = stop
            }
            path += Geo.distance(from, criteria.pickup)
            candidates.append(Candidate(slot: slot, plan: plan, straight: meters, key: byStraightLine ? meters : path))
        }
        return candidates
    }

    private struct Candidate {
        var slot: Int32
        var plan: SearchPlan
        var straight: Double
        var key: Double
    }

    private func name(_ slot: Int32) -> String { vehicles[Int(slot)].name }

    /// A one-off search over these vehicles and trips.
    public static func search(
        _ request: SearchVehiclesRequest, vehicles: [Vehicle], trips: [Trip], now: ProtoTimestamp, roads: RoadGraph?
    ) throws(FleetError) -> SearchVehiclesResponse {
        try VehicleSearch(vehicles: vehicles, trips: trips).search(request, now: now, roads: roads)
    }
}
