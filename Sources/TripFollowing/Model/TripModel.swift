import FleetModel

/// Follows one trip: polls a ``TripBackend``, diffs each snapshot against the last, and tells registered
/// ``TripModelSubscriber``s what changed — the heart of tripterm, shared by the TUI, the recorder and the headless
/// printer.
///
/// ```swift
/// let model = TripModel(tripName: name, backend: backend)
/// await model.register(screen)
/// await model.start()
/// ```
///
/// Polls never overlap; the next one is scheduled from the end of the last. Failures are classified
/// (``TripServiceError/errorClass``) and retried as ``TripModelOptions`` describes. Once COMPLETE or CANCELED has
/// been delivered the model stops polling for good (unless the options say otherwise: a vehicle's replay). Time comes from an injected `Clock`, so tests never sleep.
public actor TripModel {
    public nonisolated let tripName: TripName
    public nonisolated let backend: any TripBackend
    public nonisolated let options: TripModelOptions
    private let clock: any Clock<Duration>

    private var subscribers: [SubscriberEntry] = []
    private var rng: SplitMix64

    /// The last trip a poll returned.
    public private(set) var trip: Trip?
    /// When the backend observed ``trip``.
    public private(set) var observedAt: ProtoTimestamp?
    private var journey: JourneySharingState?
    private var decodedSegment: (encoded: String, points: [LatLng]) = ("", [])

    /// Failed polls since the last success.
    public private(set) var consecutiveFailures = 0
    /// The error of the last failed poll, cleared by a success.
    public private(set) var lastError: TripServiceError?
    /// How long the model waits before its next poll (after a failure, the retry delay).
    public private(set) var retryDelay: Duration
    /// True once a terminal status (COMPLETE, CANCELED) has been delivered: the model polls no more.
    public private(set) var isFinished = false
    /// Polls completed, successful or not.
    public private(set) var completedPolls = 0

    private var pollLoop: Task<Void, Never>?
    private var sleepTask: Task<Void, any Error>?
    private var wakeRequested = false
    private var pollInFlight = false
    private var inFlightWaiters: [CheckedContinuation<Void, Never>] = []
    private var pollWaiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []

    public init(
        tripName: TripName, backend: any TripBackend, options: TripModelOptions = .init(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.tripName = tripName
        self.backend = backend
        self.options = options
        self.clock = clock
        self.retryDelay = options.pollInterval
        self.rng = SplitMix64(seed: options.jitterSeed ?? UInt64.random(in: .min ... .max))
    }

    // MARK: Subscribers

    /// Adds a subscriber (once, however often it is registered). One registered after updates have arrived gets
    /// the whole current state with the next successful poll.
    public func register(_ subscriber: any TripModelSubscriber) {
        subscribers.removeAll { $0.subscriber == nil }
        guard !subscribers.contains(where: { $0.id == ObjectIdentifier(subscriber) }) else { return }
        subscribers.append(SubscriberEntry(subscriber: subscriber, needsFullReport: true))
    }

    /// Removes a subscriber; safe inside its own callbacks, after which it receives nothing more.
    public func unregister(_ subscriber: any TripModelSubscriber) {
        subscribers.removeAll { $0.id == ObjectIdentifier(subscriber) || $0.subscriber == nil }
    }

    public var subscriberCount: Int { subscribers.count { $0.subscriber != nil } }

    // MARK: Polling

    /// Starts polling now, then every poll interval, until ``stop()`` or the trip ends.
    public func start() {
        guard pollLoop == nil, !isFinished else { return }
        pollLoop = Task { await self.runLoop() }
    }

    /// Stops polling. A poll in flight completes, but its result is not delivered.
    public func stop() {
        pollLoop?.cancel()
        pollLoop = nil
        sleepTask?.cancel()
        resumeAllPollWaiters()
    }

    public var isPolling: Bool { pollLoop != nil }

    /// Forgets the trip and any failure, stops polling, and makes every subscriber's next update a full report —
    /// for replays that jump back to the start after the trip ended.
    public func reset() {
        stop()
        trip = nil
        observedAt = nil
        journey = nil
        consecutiveFailures = 0
        lastError = nil
        retryDelay = options.pollInterval
        isFinished = false
        for entry in subscribers { entry.needsFullReport = true }
    }

    /// Polls now and returns when that poll's callbacks have been delivered. While polling is running this wakes
    /// the loop early and restarts its interval; a poll already in flight is waited for, then a fresh one is made.
    public func refresh() async {
        guard !isFinished else { return }
        if pollLoop != nil {
            let target = completedPolls + (pollInFlight ? 2 : 1)
            wakeRequested = true
            sleepTask?.cancel()
            await withCheckedContinuation { pollWaiters.append((target, $0)) }
        } else {
            while pollInFlight { await withCheckedContinuation { inFlightWaiters.append($0) } }
            _ = await pollOnce(deliverIfCancelled: true)
        }
    }

    private func runLoop() async {
        while !Task.isCancelled && !isFinished {
            let delay = await pollOnce(deliverIfCancelled: false)
            if Task.isCancelled || isFinished { break }
            if wakeRequested {
                wakeRequested = false
                continue
            }
            let sleeper = Task { [clock] in try await clock.sleep(for: delay) }
            sleepTask = sleeper
            _ = try? await sleeper.value
            // Stopped while asleep: leave the model alone, since a loop started after the stop may own `sleepTask`
            // by now — clearing it (found by LeakSanitizer) left that loop's sleep out of reach of the next stop().
            if Task.isCancelled { break }
            sleepTask = nil
            wakeRequested = false
        }
        if !Task.isCancelled { pollLoop = nil }
        resumeAllPollWaiters()
    }

    /// Fetches once, delivers the outcome, and returns how long to wait before the next poll.
    private func pollOnce(deliverIfCancelled: Bool) async -> Duration {
        pollInFlight = true
        let outcome: Result<TripSnapshot, TripServiceError>
        do {
            outcome = .success(try await backend.fetchTrip(tripName))
        } catch {
            outcome = .failure(TripServiceError.classifying(error))
        }
        if deliverIfCancelled || !Task.isCancelled {
            switch outcome {
            case .success(let snapshot): await deliver(snapshot)
            case .failure(let error): await deliver(error)
            }
        }
        pollInFlight = false
        completedPolls += 1
        let waiting = inFlightWaiters
        inFlightWaiters = []
        for waiter in waiting { waiter.resume() }
        let ready = pollWaiters.filter { $0.target <= completedPolls }
        pollWaiters.removeAll { $0.target <= completedPolls }
        for waiter in ready { waiter.continuation.resume() }
        return retryDelay
    }

    private func resumeAllPollWaiters() {
        let waiting = pollWaiters
        pollWaiters = []
        for waiter in waiting { waiter.continuation.resume() }
    }

    // MARK: Delivery

    private func deliver(_ error: TripServiceError) async {
        consecutiveFailures += 1
        lastError = error
        retryDelay = nextDelay(after: error)
        await forEachSubscriber { model, s in await s.tripModel(model, didFailUpdateTripWithError: error) }
    }

    private func deliver(_ snapshot: TripSnapshot) async {
        let newTrip = snapshot.trip
        if newTrip.currentRouteSegment != decodedSegment.encoded {
            decodedSegment = (newTrip.currentRouteSegment, (try? S2Polyline.decode(newTrip.currentRouteSegment)) ?? [])
        }
        let newJourney = JourneySharingState(trip: newTrip, decodedSegment: decodedSegment.points)
        let changed = (journey.map { newJourney.changedFields(from: $0) } ?? newJourney.presentFields)
            .union(newTrip.otherChangedFields(from: trip))
        // Only a subscriber that registered since the last update needs the whole state.
        let full =
            subscribers.contains { $0.needsFullReport }
            ? newJourney.presentFields.union(newTrip.otherChangedFields(from: nil)) : []

        if let recovered = lastError {
            let failures = consecutiveFailures
            await forEachSubscriber { model, s in
                await s.tripModel(model, didRecoverAfter: failures, lastError: recovered)
            }
        }
        consecutiveFailures = 0
        lastError = nil
        retryDelay = options.pollInterval
        trip = newTrip
        observedAt = snapshot.observedAt
        journey = newJourney

        for entry in subscribers where entry.subscriber != nil {
            let fields = entry.needsFullReport ? full : changed
            guard !fields.isEmpty else { continue }
            entry.needsFullReport = false
            await report(fields, of: newJourney, trip: newTrip, to: entry)
        }
        if newTrip.tripStatus.isTerminal && options.stopsWhenTripEnds {
            isFinished = true
            pollLoop?.cancel()
            pollLoop = nil
            sleepTask?.cancel()
        }
    }

    /// Calls one subscriber's callbacks for `fields`, in the documented order, checking before each call that it
    /// is still registered (it may unregister itself from inside a callback).
    private func report(
        _ fields: TripPropertyFields, of j: JourneySharingState, trip: Trip, to entry: SubscriberEntry
    ) async {
        func call(_ field: TripPropertyFields, _ body: (any TripModelSubscriber) async -> Void) async {
            guard fields.contains(field), isRegistered(entry), let s = entry.subscriber else { return }
            await body(s)
        }
        await call(.tripStatus) { await $0.tripModel(self, didUpdate: j.tripStatus) }
        await call(.vehicleLocation) { await $0.tripModel(self, didUpdate: j.vehicleLocation) }
        await call(.activeRoute) { await $0.tripModel(self, didUpdateActiveRoute: j.activeRoute) }
        await call(.activeRouteRemainingDistance) {
            await $0.tripModel(self, didUpdateActiveRouteRemainingDistance: j.remainingDistanceMeters)
        }
        await call(.activeRouteTraffic) { await $0.tripModel(self, didUpdateActiveRouteTraffic: j.activeRouteTraffic) }
        await call(.pickupLocation) { await $0.tripModel(self, didUpdatePickupLocation: j.pickupLocation) }
        await call(.pickupETA) { await $0.tripModel(self, didUpdatePickupETA: j.pickupETA) }
        await call(.dropoffLocation) { await $0.tripModel(self, didUpdateDropoffLocation: j.dropoffLocation) }
        await call(.dropoffETA) { await $0.tripModel(self, didUpdateDropoffETA: j.dropoffETA) }
        await call(.intermediateDestinations) {
            await $0.tripModel(self, didUpdateIntermediateDestinations: j.intermediateDestinations)
        }
        await call(.remainingWaypoints) { await $0.tripModel(self, didUpdateRemaining: j.remainingWaypoints) }
        guard isRegistered(entry), let s = entry.subscriber else { return }
        await s.tripModel(self, didUpdate: trip, updatedPropertyFields: fields)
    }

    private func isRegistered(_ entry: SubscriberEntry) -> Bool { subscribers.contains { $0 === entry } }

    private func forEachSubscriber(_ body: (TripModel, any TripModelSubscriber) async -> Void) async {
        for entry in subscribers where isRegistered(entry) {
            guard let s = entry.subscriber else { continue }
            await body(self, s)
        }
    }

    private func nextDelay(after error: TripServiceError) -> Duration {
        options.retryDelay(after: error, consecutiveFailures: consecutiveFailures, using: &rng)
    }
}

/// A registration: the subscriber, held weakly, and whether it still needs the whole state.
private final class SubscriberEntry {
    weak var subscriber: (any TripModelSubscriber)?
    let id: ObjectIdentifier
    var needsFullReport: Bool

    init(subscriber: any TripModelSubscriber, needsFullReport: Bool) {
        self.subscriber = subscriber
        self.id = ObjectIdentifier(subscriber)
        self.needsFullReport = needsFullReport
    }
}
