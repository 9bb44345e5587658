import FleetModel

/// Fleet Engine's rules for trips, on values: what CreateTrip keeps, what UpdateTrip may change, which status
/// changes are allowed, and when DeleteTrip is refused. No storage and no clock of its own, so every rule is
/// unit-testable.
public enum TripService {
    /// Fields CreateTrip uses; every other field of the body is ignored (reference §4).
    static let fieldsKeptOnCreate =
        "tripType, pickupPoint, numberOfPassengers, vehicleId, dropoffPoint, intermediateDestinations, vehicleWaypoints"

    /// The fields an UpdateTrip mask may name. Server-maintained and immutable fields are accepted in a mask and
    /// ignored, as Fleet Engine does; anything else is not a Trip field and is INVALID_ARGUMENT.
    static let updatableFields: Set<String> = [
        "vehicleId", "tripStatus", "tripType", "pickupPoint", "actualPickupPoint", "actualPickupArrivalPoint",
        "intermediateDestinations", "intermediateDestinationsVersion", "intermediateDestinationIndex",
        "actualIntermediateDestinationArrivalPoints", "actualIntermediateDestinations", "dropoffPoint",
        "actualDropoffPoint", "vehicleWaypoints", "attributes",
    ]
    static let ignoredFields: Set<String> = [
        "name", "pickupTime", "dropoffTime", "remainingWaypoints", "route", "currentRouteSegment",
        "currentRouteSegmentVersion", "currentRouteSegmentTraffic", "currentRouteSegmentTrafficVersion",
        "currentRouteSegmentEndPoint", "remainingDistanceMeters", "etaToFirstWaypoint",
        "remainingTimeToFirstWaypoint", "remainingWaypointsVersion", "remainingWaypointsRouteVersion",
        "numberOfPassengers", "lastLocation", "lastLocationSnappable", "view",
    ]

    /// The trip CreateTrip stores: the kept input fields, status NEW, and the resource name.
    public static func create(
        _ input: Trip, name: TripName, now: ProtoTimestamp
    ) throws(FleetError) -> Trip {
        guard input.tripType != .unknownTripType else {
            throw .invalidArgument("trip.tripType is required (SHARED or EXCLUSIVE)")
        }
        try validatePoint(input.pickupPoint, field: "trip.pickupPoint", required: true)
        try validatePoint(input.dropoffPoint, field: "trip.dropoffPoint", required: false)
        for (i, stop) in input.intermediateDestinations.enumerated() {
            try validatePoint(stop, field: "trip.intermediateDestinations[\(i)]", required: true)
        }
        guard input.numberOfPassengers >= 0 else {
            throw .invalidArgument("trip.numberOfPassengers must not be negative")
        }
        if !input.intermediateDestinations.isEmpty, input.tripType != .exclusive {
            throw .invalidArgument("trip.intermediateDestinations are supported only for EXCLUSIVE trips")
        }
        if !input.vehicleId.isEmpty, let problem = ResourceID.problem(withID: input.vehicleId) {
            throw .invalidArgument("trip.vehicleId \"\(input.vehicleId)\" \(problem)")
        }
        if input.tripType == .shared, !input.vehicleId.isEmpty, input.vehicleWaypoints.isEmpty {
            throw .invalidArgument("trip.vehicleWaypoints are required for a SHARED trip created with a vehicleId")
        }
        var trip = Trip(
            name: name.description, tripStatus: .new, tripType: input.tripType,
            pickupPoint: input.pickupPoint, dropoffPoint: input.dropoffPoint)
        trip.numberOfPassengers = input.numberOfPassengers
        trip.vehicleId = input.vehicleId
        trip.intermediateDestinations = input.intermediateDestinations
        if !trip.intermediateDestinations.isEmpty { trip.intermediateDestinationsVersion = now }
        trip.vehicleWaypoints = input.vehicleWaypoints.map(TripWaypoints.stripped)
        return trip
    }

    /// The trip after UpdateTrip: `patch`'s values for the mask's updatable fields, validated against `current`.
    public static func update(
        _ current: Trip, with patch: Trip, mask: FieldMask, now: ProtoTimestamp
    ) throws(FleetError) -> Trip {
        try mask.validate(against: updatableFields.union(ignoredFields), message: "Trip")
        var trip = current
        if current.tripStatus.isTerminal {
            throw .failedPrecondition(
                "trip \(current.name) is \(current.tripStatus.protoName), which is final: it can no longer be updated")
        }
        for path in mask.paths where updatableFields.contains(path) {
            switch path {
            case "vehicleId":
                if !patch.vehicleId.isEmpty, let problem = ResourceID.problem(withID: patch.vehicleId) {
                    throw .invalidArgument("trip.vehicleId \"\(patch.vehicleId)\" \(problem)")
                }
                trip.vehicleId = patch.vehicleId
            case "tripStatus": trip.tripStatus = patch.tripStatus
            case "tripType":
                guard patch.tripType != .unknownTripType else {
                    throw .invalidArgument("trip.tripType must be SHARED or EXCLUSIVE")
                }
                trip.tripType = patch.tripType
            case "pickupPoint":
                try validatePoint(patch.pickupPoint, field: "trip.pickupPoint", required: true)
                trip.pickupPoint = patch.pickupPoint
            case "dropoffPoint":
                try validatePoint(patch.dropoffPoint, field: "trip.dropoffPoint", required: false)
                trip.dropoffPoint = patch.dropoffPoint
            case "intermediateDestinations":
                for (i, stop) in patch.intermediateDestinations.enumerated() {
                    try validatePoint(stop, field: "trip.intermediateDestinations[\(i)]", required: true)
                }
                if trip.intermediateDestinations != patch.intermediateDestinations {
                    trip.intermediateDestinations = patch.intermediateDestinations
                    trip.intermediateDestinationsVersion = now
                }
            case "intermediateDestinationIndex": trip.intermediateDestinationIndex = patch.intermediateDestinationIndex
            case "intermediateDestinationsVersion":
                // A race guard, not a value: the caller passes back the version it saw.
                if patch.intermediateDestinationsVersion != current.intermediateDestinationsVersion {
                    throw .failedPrecondition(
                        "trip.intermediateDestinationsVersion \(patch.intermediateDestinationsVersion?.rfc3339 ?? "(unset)") does not match the trip's \(current.intermediateDestinationsVersion?.rfc3339 ?? "(unset)"): the intermediate destinations changed"
                    )
                }
            case "actualPickupPoint": trip.actualPickupPoint = patch.actualPickupPoint
            case "actualPickupArrivalPoint": trip.actualPickupArrivalPoint = patch.actualPickupArrivalPoint
            case "actualDropoffPoint": trip.actualDropoffPoint = patch.actualDropoffPoint
            case "actualIntermediateDestinationArrivalPoints":
                trip.actualIntermediateDestinationArrivalPoints = patch.actualIntermediateDestinationArrivalPoints
            case "actualIntermediateDestinations":
                trip.actualIntermediateDestinations = patch.actualIntermediateDestinations
            case "vehicleWaypoints": trip.vehicleWaypoints = patch.vehicleWaypoints.map(TripWaypoints.stripped)
            case "attributes":
                try validateAttributes(patch.attributes)
                trip.attributes = patch.attributes
            default: break
            }
        }
        try validateStatusChange(from: current, to: trip)
        if !trip.intermediateDestinations.isEmpty, trip.tripType != .exclusive {
            throw .invalidArgument("trip.intermediateDestinations are supported only for EXCLUSIVE trips")
        }
        let count = Int32(trip.intermediateDestinations.count)
        if trip.intermediateDestinationIndex < 0 || (count > 0 && trip.intermediateDestinationIndex >= count)
            || (count == 0 && trip.intermediateDestinationIndex != 0)
        {
            throw .invalidArgument(
                "trip.intermediateDestinationIndex \(trip.intermediateDestinationIndex) is outside 0..<\(count)")
        }
        recordActualTimes(from: current, to: &trip, now: now)
        return trip
    }

    /// Status rules: COMPLETE and CANCELED are final (checked by ``update``); every status past NEW except
    /// CANCELED needs an assigned vehicle; intermediate statuses need intermediate destinations.
    static func validateStatusChange(from current: Trip, to trip: Trip) throws(FleetError) {
        let status = trip.tripStatus
        guard status != .unknownTripStatus else {
            throw .invalidArgument("trip.tripStatus UNKNOWN_TRIP_STATUS is not a status a trip can be set to")
        }
        guard status != current.tripStatus || current.vehicleId != trip.vehicleId else { return }
        if status == .new, current.tripStatus != .new {
            throw .failedPrecondition("trip \(current.name) cannot go back to NEW from \(current.tripStatus.protoName)")
        }
        if ![.new, .canceled].contains(status), trip.vehicleId.isEmpty {
            throw .failedPrecondition("trip \(current.name) needs a vehicleId before it can be \(status.protoName)")
        }
        if [.enrouteToIntermediateDestination, .arrivedAtIntermediateDestination].contains(status),
            trip.intermediateDestinations.isEmpty
        {
            throw .failedPrecondition(
                "trip \(current.name) has no intermediateDestinations, so it cannot be \(status.protoName)")
        }
        if status == .complete,
            ![
                .enrouteToDropoff, .arrivedAtIntermediateDestination, .enrouteToIntermediateDestination,
                .arrivedAtPickup,
            ].contains(current.tripStatus)
        {
            throw .failedPrecondition(
                "trip \(current.name) cannot be COMPLETE from \(current.tripStatus.protoName): the rider was never picked up"
            )
        }
    }

    /// Actual pickup time when the vehicle leaves the pickup, actual dropoff time at COMPLETE.
    static func recordActualTimes(from current: Trip, to trip: inout Trip, now: ProtoTimestamp) {
        let beforePickup: Set<TripStatus> = [.new, .enrouteToPickup, .arrivedAtPickup]
        if beforePickup.contains(current.tripStatus), !beforePickup.contains(trip.tripStatus),
            trip.tripStatus != .canceled
        {
            trip.pickupTime = now
        }
        if trip.tripStatus == .complete { trip.dropoffTime = now }
    }

    /// Whether DeleteTrip must refuse: Fleet Engine keeps active trips that a vehicle is serving.
    public static func checkDeletable(_ trip: Trip) throws(FleetError) {
        if !trip.vehicleId.isEmpty, !trip.tripStatus.isTerminal {
            throw .failedPrecondition(
                "trip \(trip.name) is \(trip.tripStatus.protoName) and assigned to vehicle \(trip.vehicleId): complete, cancel or unassign it before deleting it"
            )
        }
    }

    static func validatePoint(_ location: TerminalLocation?, field: String, required: Bool) throws(FleetError) {
        guard let location else {
            if required { throw .invalidArgument("\(field) is required") }
            return
        }
        guard let point = location.point else { throw .invalidArgument("\(field).point is required") }
        try validate(point, field: "\(field).point")
    }

    static func validate(_ point: LatLng, field: String) throws(FleetError) {
        guard (-90...90).contains(point.latitude) else {
            throw .invalidArgument("\(field).latitude \(point.latitude) is outside [-90, 90]")
        }
        guard (-180...180).contains(point.longitude) else {
            throw .invalidArgument("\(field).longitude \(point.longitude) is outside [-180, 180]")
        }
    }

    static func validateAttributes(_ attributes: [TripAttribute]) throws(FleetError) {
        var seen: Set<String> = []
        for (i, attribute) in attributes.enumerated() {
            guard !attribute.key.isEmpty, !attribute.key.contains(":") else {
                throw .invalidArgument("trip.attributes[\(i)].key must be non-empty and contain no ':'")
            }
            guard seen.insert(attribute.key).inserted else {
                throw .invalidArgument("trip.attributes[\(i)].key \"\(attribute.key)\" is repeated")
            }
        }
    }
}
