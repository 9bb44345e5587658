import FleetModel
import Foundation

/// GetTrip through the ``AnswerCache``: riders poll the same trip every few seconds, and an answer already encoded
/// is reused until the next write (refreshed each second for its countdowns).
extension FleetMethods {
    /// GetTrip's answer as `encode` writes it: from the cache when this `key` was answered in the same second and
    /// nothing was written since, otherwise read, derived, encoded and kept. Authorization is checked either way.
    ///
    /// `key` stands for the request and its encoding, so one protocol's answer is never given to another: REST uses
    /// ``FleetAPI/answerKey(_:rawQuery:)``, which the fast path (``PollFastPath``) looks up too.
    public func getTripAnswer(
        _ request: GetTripRequest, principal: Principal, now: ProtoTimestamp, cacheKey key: String,
        encode: (Trip) throws -> Data
    ) async throws -> Data {
        // Each poll is a call the export logs with its answer: none comes from the cache then.
        if callLog != nil { return try encode(try await getTrip(request, principal: principal, now: now)) }
        let second = now.seconds
        if let cached = try cachedTripAnswer(name: request.name, principal: principal, now: now, cacheKey: key) {
            return cached
        }
        let generation = store.answers.generation
        let (trip, assignedVehicle) = try await readTrip(request, principal: principal, now: now)
        let body = try encode(trip)
        store.answers.store(
            .init(body: body, assignedVehicle: assignedVehicle, second: second), for: key, computedAt: generation)
        return body
    }

    /// GetTrip's answer computed now from the trip and vehicle in memory, without waiting, and kept in the cache:
    /// for the fast path (``PollFastPath``), which answers on the connection's event loop. Nil when memory cannot
    /// give it — the provider not indexed yet, the trip finished or unknown — or when `principal` may not read the
    /// trip: the ordinary path then gives the same answer, or the error.
    func liveTripAnswer(
        _ request: GetTripRequest, principal: Principal, now: ProtoTimestamp, cacheKey key: String,
        encode: (Trip) throws -> Data
    ) -> Data? {
        // Before the read: an answer from before a write must not be kept after it.
        let generation = store.answers.generation
        guard let name = try? Self.tripName(request.name),
            let live = store.searchIndex.activeTrip(provider: name.provider, id: name.tripID),
            let (trip, assignedVehicle) = try? Self.readable(
                TripProgress.derive(live.trip, vehicle: live.vehicle, now: now), name: name, request: request,
                principal: principal),
            let body = try? encode(trip)
        else { return nil }
        store.answers.store(
            .init(body: body, assignedVehicle: assignedVehicle, second: now.seconds), for: key,
            computedAt: generation)
        return body
    }

    /// The cached answer for `key` if this second has one and nothing was written since, after checking that
    /// `principal` may read trip `name`; nil when the answer must be computed. For a protocol that can skip reading
    /// its request when the answer is cached (gRPC keys by the request's bytes).
    public func cachedTripAnswer(
        name: String, principal: Principal, now: ProtoTimestamp, cacheKey key: String
    ) throws(FleetError) -> Data? {
        guard callLog == nil, let cached = store.answers.answer(for: key, second: now.seconds) else { return nil }
        try Self.authorize(principal, toRead: cached, tripID: Self.tripName(name).tripID)
        return cached.body
    }

    /// Whether `principal` may read the trip a cached GetTrip answer is for, by the trip's assigned vehicle kept with
    /// the answer. Both paths check a cached answer with it: ``getTripAnswer(_:principal:now:cacheKey:encode:)`` and
    /// the fast path (``PollFastPath``).
    static func authorize(_ principal: Principal, toRead answer: AnswerCache.Answer, tripID: String) throws(FleetError)
    {
        try Authorizer.authorize(principal, .getTrip(tripID: tripID, assignedVehicle: answer.assignedVehicle))
    }
}
