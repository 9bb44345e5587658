import FleetModel

/// Folds a trip's snapshots, in order, into a ``TripTimeline``.
struct TripTimelineBuilder {
    private(set) var timeline: TripTimeline
    private let tripId: String
    private var reports = ReportCollector()

    /// The timeline of everything added, its reports gathered.
    var finished: TripTimeline {
        var timeline = timeline
        timeline.reports = reports.reports
        return timeline
    }

    init(tripName: TripName) {
        timeline = TripTimeline(tripName: tripName)
        tripId = tripName.tripID
    }

    mutating func add(_ trip: Trip, at time: ProtoTimestamp) {
        if timeline.statuses.last?.status != trip.tripStatus {
            timeline.statuses.append(StatusChange(time: time, status: trip.tripStatus, vehicleId: trip.vehicleId))
        }
        if !trip.vehicleId.isEmpty {
            if timeline.vehicles.last != trip.vehicleId { timeline.vehicles.append(trip.vehicleId) }
            if timeline.assignedAt == nil { timeline.assignedAt = time }
        }
        if let point = trip.pickupPoint?.point { timeline.pickupPoint = point }
        if let point = trip.dropoffPoint?.point { timeline.dropoffPoint = point }
        if !trip.intermediateDestinations.isEmpty {
            timeline.intermediateDestinations = trip.intermediateDestinations.compactMap(\.point)
        }
        for waypoint in trip.remainingWaypoints where !waypoint.tripId.isEmpty && waypoint.tripId != tripId {
            guard let point = waypoint.location?.point else { continue }
            timeline.otherTripsStops[NextStop(tripId: waypoint.tripId, type: waypoint.waypointType)] = point
        }
        addReport(of: trip, at: time)
        guard !trip.vehicleId.isEmpty else { return }
        addETA(of: trip, at: time)
        // An ETA already past when shown is no promise: right after assignment a trip can show one left over from
        // the vehicle's previous ride.
        if timeline.pickupPromise == nil, trip.tripStatus == .new || trip.tripStatus == .enrouteToPickup,
            let eta = trip.pickupTime, eta >= time
        {
            timeline.pickupPromise = ETAPromise(madeAt: time, eta: eta)
        }
        if timeline.dropoffPromise == nil, !trip.tripStatus.isTerminal, trip.tripStatus != .unknownTripStatus,
            let eta = trip.dropoffTime, eta >= time
        {
            timeline.dropoffPromise = ETAPromise(madeAt: time, eta: eta)
        }
    }

    private mutating func addReport(of trip: Trip, at time: ProtoTimestamp) {
        guard let location = trip.lastLocation else { return }
        reports.add(location, at: time, vehicleId: trip.vehicleId, tripStatus: trip.tripStatus)
    }

    private mutating func addETA(of trip: Trip, at time: ProtoTimestamp) {
        guard let stop = NextStop(of: trip, tripId: tripId),
            let eta = trip.etaToFirstWaypoint ?? trip.remainingWaypoints.first?.eta
        else { return }
        let sample = ETASample(time: time, stop: stop, eta: eta, status: trip.tripStatus, vehicleId: trip.vehicleId)
        if let last = timeline.etas.indices.last, timeline.etas[last].isSameSeries(as: sample),
            timeline.etas[last].eta == eta
        {
            timeline.etas[last].lastSeen = time
        } else {
            timeline.etas.append(sample)
        }
    }
}
