import FleetModel
import Foundation
import Hummingbird

extension FleetAPI {
    func createTrip(_ call: Call, parent: String, request: inout Request) async throws -> Trip {
        try Authorizer.authorize(call.principal, .createTrip)
        let provider = Self.provider(of: parent)
        guard let tripID = call.query["tripId"], !tripID.isEmpty else {
            throw FleetError.invalidArgument("tripId is required: pass it as the tripId query parameter")
        }
        let name: TripName
        do { name = try TripName(provider: provider, tripID: tripID) } catch {
            throw FleetError.invalidArgument(error.description)
        }
        let input = try await body(&request, as: Trip.self, field: "trip")
        let now = call.now
        var trip = try TripService.create(input, name: name, now: now)
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

    /// GetTrip's encoded answer: from the ``AnswerCache`` when this query was answered in the same second and
    /// nothing was written since, otherwise read, derived and encoded (and kept). Authorization is checked either way.
    func getTripAnswer(_ call: Call, _ name: TripName, _ options: ProtoJSONEncodingOptions) async throws -> Data {
        let key = Self.answerKey(name, rawQuery: call.rawQuery)
        let second = call.now.seconds
        if let cached = store.answers.answer(for: key, second: second) {
            try Self.authorize(call.principal, toRead: cached, tripID: name.tripID)
            return cached.body
        }
        let generation = store.answers.generation
        let (trip, assignedVehicle) = try await getTrip(call, name)
        let body = try ProtoJSON.encode(trip, options: options)
        store.answers.store(
            .init(body: body, assignedVehicle: assignedVehicle, second: second), for: key, computedAt: generation)
        return body
    }

    /// Whether `principal` may read the trip a cached GetTrip answer is for, by the trip's assigned vehicle kept with
    /// the answer. Both paths check a cached answer with it: this one and the fast path (``PollFastPath``).
    static func authorize(_ principal: Principal, toRead answer: AnswerCache.Answer, tripID: String) throws(FleetError)
    {
        try Authorizer.authorize(principal, .getTrip(tripID: tripID, assignedVehicle: answer.assignedVehicle))
    }

    /// A GetTrip answer's key in the ``AnswerCache``: views, versions and enum encoding change the answer.
    static func answerKey(_ name: TripName, rawQuery: String) -> String { "\(name)?\(rawQuery)" }

    /// The trip as GetTrip answers it, and its assigned vehicle (which the view may leave out of the answer).
    func getTrip(_ call: Call, _ name: TripName) async throws -> (trip: Trip, assignedVehicle: String) {
        let options = TripReadOptions(
            view: try call.query.enumValue("view", as: TripView.self) ?? .tripViewUnspecified,
            routeFormatType: try call.query.enumValue("routeFormatType", as: PolylineFormatType.self)
                ?? .unknownFormatType,
            currentRouteSegmentVersion: try call.query.timestamp("currentRouteSegmentVersion"),
            currentRouteSegmentTrafficVersion: try call.query.timestamp("currentRouteSegmentTrafficVersion"),
            remainingWaypointsVersion: try call.query.timestamp("remainingWaypointsVersion"),
            remainingWaypointsRouteVersion: try call.query.timestamp("remainingWaypointsRouteVersion"))
        let now = call.now
        let found = try await store.read { tx -> Trip? in
            guard let trip = try tx.trip(name) else { return nil }
            return TripProgress.derive(
                trip, vehicle: try tx.vehicle(provider: name.provider, id: trip.vehicleId), now: now)
        }
        try Authorizer.authorize(call.principal, .getTrip(tripID: name.tripID, assignedVehicle: found?.vehicleId ?? ""))
        guard let found else { throw FleetError.notFound("trip \(name) not found") }
        return (options.apply(to: found), found.vehicleId)
    }

    func updateTrip(_ call: Call, _ name: TripName, request: inout Request) async throws -> Trip {
        let mask = try FieldMask(parsing: call.query["updateMask"])
        let patch = try await body(&request, as: Trip.self, field: "trip")
        let principal = call.principal
        let now = call.now
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

    func deleteTrip(_ call: Call, _ name: TripName) async throws -> EmptyMessage {
        try Authorizer.authorize(call.principal, .deleteTrip)
        let now = call.now
        try await store.write { tx in
            guard let trip = try tx.trip(name) else { throw FleetError.notFound("trip \(name) not found") }
            try TripService.checkDeletable(trip)
            try tx.deleteTrip(name)
            try tx.syncAssignments(provider: name.provider, vehicleIDs: [trip.vehicleId], now: now)
        }
        return EmptyMessage()
    }

    func searchTrips(_ call: Call, parent: String, request: inout Request) async throws -> SearchTripsResponse {
        let search = try await body(&request, as: SearchTripsRequest.self, field: "")
        try Authorizer.authorize(call.principal, .searchTrips(vehicleID: search.vehicleId))
        let provider = Self.provider(of: parent)
        let size = try Self.pageSize(search.pageSize)
        let start = try Self.pageStart(search.pageToken)
        let now = call.now
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
