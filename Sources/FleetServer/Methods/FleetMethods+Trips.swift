import FleetModel

/// TripService: CreateTrip, GetTrip, UpdateTrip, DeleteTrip, SearchTrips.
extension FleetMethods {
    func perform(_ request: CreateTripRequest, principal: Principal, now: ProtoTimestamp) async throws -> Trip {
        try Authorizer.authorize(principal, .createTrip)
        let provider = try Self.provider(ofParent: request.parent)
        guard !request.tripId.isEmpty else { throw FleetError.invalidArgument("tripId is required") }
        let name: TripName
        do { name = try TripName(provider: provider, tripID: request.tripId) } catch {
            throw FleetError.invalidArgument(error.description)
        }
        var trip = try TripService.create(request.trip ?? Trip(), name: name, now: now)
        let explicit = trip.vehicleWaypoints
        trip.vehicleWaypoints = []
        let stored = trip
        return try await store.write { tx in
            if !stored.vehicleId.isEmpty, try tx.vehicle(provider: provider, id: stored.vehicleId) == nil {
                throw FleetError.notFound(
                    "vehicle \(stored.vehicleId) not found: create it before assigning trips to it")
            }
            guard try tx.insert(stored, as: name, at: now) else {
                throw FleetError(.alreadyExists, "trip \(name) already exists")
            }
            try tx.syncAssignments(
                provider: provider, vehicleIDs: [stored.vehicleId],
                explicitOrder: explicit.isEmpty ? nil : (stored.vehicleId, explicit), now: now)
            return try Self.answer(stored, vehicle: tx.vehicle(provider: provider, id: stored.vehicleId), now: now)
        }
    }

    func perform(_ request: GetTripRequest, principal: Principal, now: ProtoTimestamp) async throws -> Trip {
        try await readTrip(request, principal: principal, now: now).trip
    }

    /// The trip as GetTrip answers it, and its assigned vehicle (which the view may leave out of the answer). An
    /// active trip is derived from the trip and vehicle in memory (``FleetStore/activeTrip(_:)``); a finished or
    /// unknown one is read from the store.
    func readTrip(
        _ request: GetTripRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> (trip: Trip, assignedVehicle: String) {
        let name = try Self.tripName(request.name)
        let found: Trip?
        if let live = try await store.activeTrip(name) {
            found = TripProgress.derive(live.trip, vehicle: live.vehicle, now: now)
        } else {
            found = try await store.read { tx -> Trip? in
                guard let trip = try tx.trip(name) else { return nil }
                return TripProgress.derive(
                    trip, vehicle: try tx.vehicle(provider: name.provider, id: trip.vehicleId), now: now)
            }
        }
        return try Self.readable(found, name: name, request: request, principal: principal)
    }

    /// GetTrip's answer to `found` (the derived trip, nil when there is none): what `principal` may read of it, by
    /// the request's view, or why not.
    static func readable(
        _ found: Trip?, name: TripName, request: GetTripRequest, principal: Principal
    ) throws(FleetError) -> (trip: Trip, assignedVehicle: String) {
        try Authorizer.authorize(principal, .getTrip(tripID: name.tripID, assignedVehicle: found?.vehicleId ?? ""))
        guard let found else { throw FleetError.notFound("trip \(name) not found") }
        return (TripReadOptions(request).apply(to: found), found.vehicleId)
    }

    func perform(_ request: UpdateTripRequest, principal: Principal, now: ProtoTimestamp) async throws -> Trip {
        let name = try Self.tripName(request.name)
        let mask = try Self.fieldMask(request.updateMask)
        let patch = request.trip ?? Trip()
        return try await store.write { tx in
            let current = try tx.trip(name)
            try Authorizer.authorize(
                principal,
                .updateTrip(
                    tripID: name.tripID, assignedVehicle: current?.vehicleId ?? "",
                    newVehicle: mask.contains("vehicleId") ? patch.vehicleId : nil))
            guard let current else { throw FleetError.notFound("trip \(name) not found") }
            var updated = try TripService.update(current, with: patch, mask: mask, now: now)
            if updated.vehicleId != current.vehicleId, !updated.vehicleId.isEmpty,
                try tx.vehicle(provider: name.provider, id: updated.vehicleId) == nil
            {
                throw FleetError.notFound(
                    "vehicle \(updated.vehicleId) not found: create it before assigning trips to it")
            }
            let explicit =
                mask.contains("vehicleWaypoints") && !updated.vehicleWaypoints.isEmpty ? updated.vehicleWaypoints : nil
            updated.vehicleWaypoints = []
            try tx.replace(updated, as: name, at: now)
            try tx.syncAssignments(
                provider: name.provider, vehicleIDs: [current.vehicleId, updated.vehicleId],
                explicitOrder: explicit.map { (updated.vehicleId, $0) }, now: now)
            return try Self.answer(
                updated, vehicle: tx.vehicle(provider: name.provider, id: updated.vehicleId), now: now)
        }
    }

    func perform(
        _ request: DeleteTripRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> EmptyMessage {
        try Authorizer.authorize(principal, .deleteTrip)
        let name = try Self.tripName(request.name)
        try await store.write { tx in
            guard let trip = try tx.trip(name) else { throw FleetError.notFound("trip \(name) not found") }
            try TripService.checkDeletable(trip)
            try tx.deleteTrip(name)
            try tx.syncAssignments(provider: name.provider, vehicleIDs: [trip.vehicleId], now: now)
        }
        return EmptyMessage()
    }

    func perform(
        _ search: SearchTripsRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> SearchTripsResponse {
        try Authorizer.authorize(principal, .searchTrips(vehicleID: search.vehicleId))
        let provider = try Self.provider(ofParent: search.parent)
        let size = try Self.pageSize(search.pageSize)
        let start = try Self.pageStart(search.pageToken)
        var notUpdatedSince: ProtoTimestamp?
        if let staleness = search.minimumStaleness {
            guard staleness.seconds >= 0, staleness.nanos >= 0 else {
                throw FleetError.invalidArgument("minimumStaleness must not be negative")
            }
            notUpdatedSince = now + .seconds(-staleness.seconds) + .nanoseconds(-Int64(staleness.nanos))
        }
        let cutoff = notUpdatedSince
        return try await store.read { tx in
            let vehicleID = search.vehicleId.isEmpty ? nil : search.vehicleId
            var trips = try tx.trips(
                provider: provider, vehicleID: vehicleID, activeOnly: search.activeTripsOnly, notUpdatedSince: cutoff,
                afterID: start, limit: size + 1)
            let more = trips.count > size
            if more { trips.removeLast() }
            // Without a vehicleId Fleet Engine leaves out the route and ETA fields (reference §4).
            let vehicle = try tx.vehicle(provider: provider, id: search.vehicleId)
            let answered = trips.map { trip in
                TripReadOptions().apply(
                    to: vehicleID == nil ? trip : TripProgress.derive(trip, vehicle: vehicle, now: now))
            }
            return SearchTripsResponse(
                trips: answered,
                nextPageToken: more ? Self.pageToken(after: TripWaypoints.tripID(trips[trips.count - 1])) : "")
        }
    }

    /// A Create/UpdateTrip answer: derived fields, and `vehicleWaypoints` = the vehicle's whole stop order.
    static func answer(_ trip: Trip, vehicle: Vehicle?, now: ProtoTimestamp) throws -> Trip {
        var derived = TripProgress.derive(trip, vehicle: vehicle, now: now)
        derived.vehicleWaypoints = vehicle?.waypoints ?? []
        return TripReadOptions().apply(to: derived, includeVehicleWaypoints: true)
    }
}

extension TripReadOptions {
    /// What a GetTrip request asks for.
    init(_ request: GetTripRequest) {
        self.init(
            view: request.view, routeFormatType: request.routeFormatType,
            currentRouteSegmentVersion: request.currentRouteSegmentVersion,
            currentRouteSegmentTrafficVersion: request.currentRouteSegmentTrafficVersion,
            remainingWaypointsVersion: request.remainingWaypointsVersion,
            remainingWaypointsRouteVersion: request.remainingWaypointsRouteVersion)
    }
}
