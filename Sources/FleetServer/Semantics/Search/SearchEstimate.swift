import FleetModel

/// One candidate's estimates along its plan (origin, stops, pickup, dropoff) and the match they make.
struct SearchEstimate: Sendable {
    let vehicle: Vehicle
    let match: VehicleMatch
    /// The value the requested order sorts by.
    let sortKey: Double

    init(
        plan: SearchPlan, vehicle: Vehicle, straightMeters: Double, criteria: SearchCriteria,
        dropoffLeg: TravelEstimator.Leg?, estimator: TravelEstimator, now: ProtoTimestamp
    ) {
        self.vehicle = vehicle
        let request = criteria.request
        var match = VehicleMatch(vehicle: vehicle, tripType: criteria.tripType)
        match.vehicleMatchType = plan.matchType
        match.requestedOrderedBy = request.orderBy
        match.vehiclePickupStraightLineDistanceMeters = Self.meters(straightMeters)

        var seconds = 0.0, meters = 0.0, onRoads = true
        var waypoints = [Waypoint(latLng: plan.origin, eta: now)]
        var from = plan.origin
        for stop in plan.stops + [criteria.pickup] {
            let leg = estimator.leg(from: from, to: stop)
            seconds += leg.seconds
            meters += leg.meters
            onRoads = onRoads && leg.onRoads
            waypoints.append(Waypoint(latLng: stop, eta: Self.eta(now, seconds)))
            from = stop
        }
        match.vehiclePickupEta = Self.eta(now, seconds)
        match.vehiclePickupDistanceMeters = Self.meters(meters)
        var dropoffSeconds = seconds
        if let dropoff = criteria.dropoff, let dropoffLeg {
            dropoffSeconds += dropoffLeg.seconds
            match.vehicleDropoffEta = Self.eta(now, dropoffSeconds)
            match.vehiclePickupToDropoffDistanceMeters = Self.meters(dropoffLeg.meters)
            waypoints.append(Waypoint(latLng: dropoff, eta: match.vehicleDropoffEta))
        }
        match.vehicleTripsWaypoints = waypoints

        // What really placed the match: COST's weights are Google's and per project, so it is pickup ETA here;
        // an estimate that left the roads anywhere counts as a straight-line one.
        switch request.orderBy {
        case .pickupPointStraightDistance, .unknownVehicleMatchOrder:
            sortKey = straightMeters
            match.orderedBy = .pickupPointStraightDistance
        case .pickupPointEta, .cost:
            sortKey = seconds
            match.orderedBy = onRoads ? .pickupPointEta : .pickupPointStraightDistance
        case .pickupPointDistance:
            sortKey = meters
            match.orderedBy = onRoads ? .pickupPointDistance : .pickupPointStraightDistance
        case .dropoffPointEta:
            sortKey = dropoffSeconds
            match.orderedBy = onRoads && dropoffLeg?.onRoads == true ? .dropoffPointEta : .pickupPointStraightDistance
        }
        self.match = match
    }

    static func eta(_ now: ProtoTimestamp, _ seconds: Double) -> ProtoTimestamp {
        now + .milliseconds(Int64((seconds * 1000).rounded()))
    }

    static func meters(_ value: Double) -> Int32 { Int32(min(Double(Int32.max), value.rounded())) }
}
