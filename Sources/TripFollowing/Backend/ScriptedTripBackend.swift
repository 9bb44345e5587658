import FleetModel

/// A backend that answers from a script: each fetch takes the next step (a trip state or a failure), and the last
/// step repeats. Tests drive whole trips and failure sequences through it; ``hold()`` makes fetches wait so tests
/// can observe what happens while one is in flight.
public actor ScriptedTripBackend: TripBackend {
    public enum Step: Sendable {
        case trip(Trip)
        case failure(TripServiceError)
        /// Any other error, to check how the model classifies what it did not expect.
        case error(any Error & Sendable)
    }

    private var steps: [Step]
    private var nextStep = 0
    private let now: @Sendable () -> ProtoTimestamp
    private var held = false
    private var heldFetches: [CheckedContinuation<Void, Never>] = []
    private var inFlight = 0

    /// How many fetches were made.
    public private(set) var fetchCount = 0
    /// The most fetches that were ever in flight at once.
    public private(set) var maxConcurrentFetches = 0
    /// The names fetches asked for, in order.
    public private(set) var requestedNames: [TripName] = []

    public nonisolated var displayName: String { "script" }

    public init(_ steps: [Step], now: @escaping @Sendable () -> ProtoTimestamp = { ProtoTimestamp(seconds: 0) }) {
        self.steps = steps
        self.now = now
    }

    /// Adds steps after the current script (the repeating last step is then no longer last).
    public func append(_ more: [Step]) { steps += more }

    /// Makes fetches wait until ``release()``.
    public func hold() { held = true }

    public func release() {
        held = false
        let waiting = heldFetches
        heldFetches = []
        for fetch in waiting { fetch.resume() }
    }

    /// How many fetches are waiting on ``hold()``.
    public var heldCount: Int { heldFetches.count }

    public func fetchTrip(_ name: TripName) async throws -> TripSnapshot {
        fetchCount += 1
        requestedNames.append(name)
        inFlight += 1
        maxConcurrentFetches = max(maxConcurrentFetches, inFlight)
        defer { inFlight -= 1 }
        if held { await withCheckedContinuation { heldFetches.append($0) } }
        guard !steps.isEmpty else { throw TripServiceError(code: .notFound, message: "empty script") }
        let step = steps[min(nextStep, steps.count - 1)]
        nextStep += 1
        switch step {
        case .trip(let trip): return TripSnapshot(trip: trip, observedAt: now())
        case .failure(let error): throw error
        case .error(let error): throw error
        }
    }
}
