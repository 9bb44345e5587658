import FleetModel

/// What one UpdateVehicle entry tells a rider of a trip assigned to that vehicle: Fleet Engine copies the vehicle's
/// last location, route segment, remaining distance and ETA into the trips it serves, and so does the importer.
struct VehicleLogRecord: Sendable {
    var order: LogOrder
    var vehicleId: String
    /// The whole vehicle as Fleet Engine kept it after the call — what ListVehicles would have listed then, for
    /// `replay --fleet` — with the raw fix standing in for a redacted location and its name always set.
    var listed = Vehicle()
    /// The vehicle's last location after the call, with the raw fix standing in for a redacted one.
    var location: VehicleLocation?
    /// The S2-encoded route to the next waypoint, when the log holds it (ordinary logs keep only a handle).
    var routeSegment: String?
    var routeSegmentVersion: ProtoTimestamp?
    var routeSegmentEndPoint: TripWaypoint?
    /// Driving distance to the next waypoint, as the driver reported it in this call.
    var remainingDistanceMeters: Int32?
    /// ETA to the next waypoint: the entry's time plus the request's `remainingTimeSeconds` (which Fleet Engine
    /// prefers), else the request's `etaToFirstWaypoint`. Nil when the driver did not report one in this call.
    var eta: ProtoTimestamp?
    var remainingTime: ProtoDuration?
    /// The driver app's navigation status after the call; unknown when neither response nor request holds one.
    var navigationStatus: NavigationStatus = .unknownNavigationStatus
    /// The entry's place in the export.
    var entryLocation: LogEntryLocation?

    /// Decodes an UpdateVehicle entry: the response (the vehicle after the call) for its location, the request for
    /// what only requests carry (`remainingTimeSeconds`) and for whatever the response left out.
    ///
    /// A response echoes every stored field, including those the call did not touch, and those can be stale: the
    /// route end point of the previous leg for a few seconds after ARRIVED_AT_PICKUP, the remaining distance of the
    /// previous trip. So the route is taken only from calls whose `updateMask` names it, and remaining distance and
    /// ETA only from the request; the location is always taken, as it is the vehicle's position at that moment.
    ///
    /// - Returns: nil for a call that failed: it changed nothing.
    static func decode(_ entry: LogEntry) throws(LogEntryProblem) -> VehicleLogRecord? {
        guard let responseJSON = entry.response else {
            if entry.payload["errorresponse"] != nil { return nil }
            throw LogEntryProblem("no response and no errorResponse")
        }
        let response: Vehicle
        let sent: Vehicle?
        do {
            response = try LogSchema.vehicle.decode(Vehicle.self, from: responseJSON)
        } catch {
            throw LogEntryProblem("jsonPayload.response.\(error)")
        }
        do {
            sent = try entry.request?["vehicle"].map { json throws(ProtoJSONError) in
                try LogSchema.vehicle.decode(Vehicle.self, from: json)
            }
        } catch {
            throw LogEntryProblem("jsonPayload.request.vehicle.\(error)")
        }
        guard
            let vehicleId = entry.request?.logText("vehicleid")
                ?? (try? VehicleName(parsing: response.name))?.vehicleID
                ?? entry.labels["vehicleid"]
        else { throw LogEntryProblem("no vehicleId in the request, name in the response, or vehicle_id label") }

        var record = VehicleLogRecord(order: entry.order, vehicleId: vehicleId)
        record.entryLocation = entry.location
        record.location = [response.lastLocation, sent?.lastLocation].lazy.compactMap { $0 }
            .first(where: \.hasCoordinates)?.withRawFallback()
        record.listed = response
        record.listed.lastLocation = record.location ?? response.lastLocation
        if record.listed.name.isEmpty {
            record.listed.name = "providers/\(entry.project ?? "unknown")/vehicles/\(vehicleId)"
        }
        // Without an updateMask there is no telling what the call set; the response is then taken as it is.
        let mask = entry.request?.logText("updatemask").map { text in
            Set(text.split(separator: ",").map { LogKeyFolding.fold(String($0)) })
        }
        if mask.map({ $0.contains("currentroutesegment") || $0.contains("currentroutesegmentendpoint") }) ?? true {
            record.routeSegment = [sent?.currentRouteSegment ?? "", response.currentRouteSegment].first { !$0.isEmpty }
            record.routeSegmentVersion = response.currentRouteSegmentVersion
            record.routeSegmentEndPoint = response.currentRouteSegmentEndPoint ?? sent?.currentRouteSegmentEndPoint
        }
        record.remainingDistanceMeters = sent?.remainingDistanceMeters
        record.navigationStatus =
            [response.navigationStatus, sent?.navigationStatus ?? .unknownNavigationStatus]
            .first { $0 != .unknownNavigationStatus } ?? .unknownNavigationStatus
        if let seconds = sent?.remainingTimeSeconds {
            record.eta = entry.time + .seconds(Int64(seconds))
            record.remainingTime = ProtoDuration(seconds: Int64(seconds))
        } else if let eta = sent?.etaToFirstWaypoint {
            record.eta = eta
            record.remainingTime = eta >= entry.time ? ProtoDuration(eta - entry.time) : nil
        }
        return record
    }

    init(order: LogOrder, vehicleId: String) {
        self.order = order
        self.vehicleId = vehicleId
    }

    /// Copies what the vehicle reported into a trip assigned to it, as Fleet Engine does; fields the entry does not
    /// hold keep their values.
    ///
    /// Three things keep a trip as Fleet Engine would have served it between its own calls:
    /// - A report taken before the one the trip already shows (it reached the server late, behind a newer one) is
    ///   stale: it changes nothing.
    /// - The route's end point is the waypoint the vehicle drives to, so the waypoints before it in the trip's list
    ///   (from its last CreateTrip or UpdateTrip, which can be minutes old on a shared or back-to-back vehicle) are
    ///   done, and are dropped.
    /// - The report's ETA is for that end point: it becomes the ETA to the trip's first waypoint only when the end
    ///   point is that waypoint, or names none; a report still headed for a stop the trip has passed is not.
    func apply(to trip: inout Trip) {
        if let location, let shown = trip.lastLocation, let taken = location.deviceTime, let before = shown.deviceTime,
            taken < before
        {
            return
        }
        if let location { trip.lastLocation = location }
        if let routeSegment, routeSegment != trip.currentRouteSegment {
            trip.currentRouteSegment = routeSegment
            trip.currentRouteSegmentVersion = routeSegmentVersion ?? order.time
            // A point list from an earlier trip response would hide the newer segment from the rider.
            trip.route = []
        }
        var headsForFirstWaypoint = true
        if let end = routeSegmentEndPoint {
            trip.currentRouteSegmentEndPoint = end
            if let index = trip.remainingWaypoints.firstIndex(where: { $0.isSameStop(as: end) }) {
                trip.remainingWaypoints.removeFirst(index)
            } else if !trip.remainingWaypoints.isEmpty, end.waypointType != .unknownWaypointType {
                headsForFirstWaypoint = false
            }
        }
        if let remainingDistanceMeters { trip.remainingDistanceMeters = remainingDistanceMeters }
        if let eta, headsForFirstWaypoint {
            trip.etaToFirstWaypoint = eta
            trip.remainingTimeToFirstWaypoint = remainingTime
            switch headingFor(trip) {
            case .pickupWaypointType: trip.pickupTime = eta
            case .dropOffWaypointType: trip.dropoffTime = eta
            default: break
            }
        }
    }

    /// Which of the trip's own stops the vehicle is driving to: the segment's end point when it names this trip,
    /// none when it names another trip (a back-to-back vehicle finishing its previous ride), else what the status says.
    private func headingFor(_ trip: Trip) -> WaypointType {
        let tripId = (try? TripName(parsing: trip.name))?.tripID ?? ""
        if let end = trip.currentRouteSegmentEndPoint, !end.tripId.isEmpty {
            return end.tripId == tripId ? end.waypointType : .unknownWaypointType
        }
        switch trip.tripStatus {
        case .new, .enrouteToPickup, .arrivedAtPickup: return .pickupWaypointType
        case .enrouteToDropoff: return .dropOffWaypointType
        default: return .unknownWaypointType
        }
    }
}

extension TripWaypoint {
    /// Whether a route end point, as a vehicle report names it (a trip and a type, the place often left out), is
    /// this waypoint.
    fileprivate func isSameStop(as end: TripWaypoint) -> Bool {
        guard end.tripId == tripId, end.waypointType == waypointType else { return false }
        guard let mine = location?.point, let theirs = end.location?.point else { return true }
        return Geo.distance(mine, theirs) < 1
    }
}

extension VehicleLocation {
    /// When the device took the fix: `updateTime`, else the raw fix's time.
    fileprivate var deviceTime: ProtoTimestamp? { updateTime ?? rawLocationTime }
}
