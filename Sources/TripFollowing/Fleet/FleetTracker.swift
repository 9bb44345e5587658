import FleetModel
import Foundation

/// Watches a fleet — the JavaScript SDK's fleet location provider in the terminal: lists every vehicle (all pages)
/// every poll interval, marks those whose last report is older than the stale threshold, and tells registered
/// ``FleetTrackerSubscriber``s what appeared, changed and vanished.
///
/// ```swift
/// let tracker = FleetTracker(backend: FleetEngineFleetBackend(client: client, provider: "my-project"))
/// await tracker.register(fleetScreen)
/// await tracker.start()
/// ```
///
/// A listing is used only when every page of it arrived: a failure on any page (a server that drops mid-page, a
/// page token that expired) is delivered, classified, and the last complete fleet stays on screen; the next poll
/// starts again from the first page. Failures are retried as ``TripModelOptions`` describes for trips, but for a
/// refused page token (``isRefusedPageToken(_:page:)``), retried at the poll interval since starting over mends it. Time comes
/// from an injected `Clock`, and staleness is judged at `now()`, so tests run on a manual `VirtualClock`.
public actor FleetTracker {
    public nonisolated let backend: any FleetBackend
    public nonisolated let options: TripModelOptions
    /// A vehicle whose last location is older than this is stale (the JS provider's `staleLocationThresholdMillis`;
    /// 5 min, Fleet Engine's default `maximumStaleness` for SearchVehicles).
    public nonisolated let staleThreshold: Duration
    /// At most this many pages a listing (10,000 vehicles at the server's page size of 100, then some).
    public nonisolated let maximumPages: Int
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> ProtoTimestamp
    private var rng: SplitMix64
    private var subscribers: [FleetSubscriberEntry] = []

    /// The last complete fleet, by vehicle name.
    public private(set) var fleet: [String: FleetVehicle] = [:]
    /// Failed listings since the last complete one.
    public private(set) var consecutiveFailures = 0
    public private(set) var lastError: TripServiceError?
    /// The page (from 1) the last failed listing broke off on; nil when it failed before any page or none failed.
    public private(set) var lastFailedPage: Int?
    /// How long the tracker waits before its next listing.
    public private(set) var retryDelay: Duration
    /// Listings attempted so far, complete or not.
    public private(set) var completedPolls = 0
    private var pollLoop: Task<Void, Never>?

    public init(
        backend: any FleetBackend, options: TripModelOptions = .init(), staleThreshold: Duration = .seconds(300),
        maximumPages: Int = 200, clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> ProtoTimestamp = { ProtoTimestamp(Date()) }
    ) {
        self.backend = backend
        self.options = options
        self.staleThreshold = staleThreshold
        self.maximumPages = maximumPages
        self.clock = clock
        self.now = now
        self.retryDelay = options.pollInterval
        self.rng = SplitMix64(seed: options.jitterSeed ?? UInt64.random(in: .min ... .max))
    }

    // MARK: Subscribers

    /// Adds a subscriber (once); its first update reports every vehicle as appeared.
    public func register(_ subscriber: any FleetTrackerSubscriber) {
        subscribers.removeAll { $0.subscriber == nil }
        guard !subscribers.contains(where: { $0.id == ObjectIdentifier(subscriber) }) else { return }
        subscribers.append(FleetSubscriberEntry(subscriber))
    }

    public func unregister(_ subscriber: any FleetTrackerSubscriber) {
        subscribers.removeAll { $0.id == ObjectIdentifier(subscriber) || $0.subscriber == nil }
    }

    // MARK: Polling

    public func start() {
        guard pollLoop == nil else { return }
        pollLoop = Task { await self.runLoop() }
    }

    public func stop() {
        pollLoop?.cancel()
        pollLoop = nil
    }

    /// Lists the fleet once, delivers the outcome and returns when every subscriber has heard it.
    public func refresh() async {
        await pollOnce()
    }

    private func runLoop() async {
        while !Task.isCancelled {
            await pollOnce()
            if Task.isCancelled { break }
            do {
                try await clock.sleep(for: retryDelay)
            } catch {
                break
            }
        }
    }

    private func pollOnce() async {
        let outcome: Result<[Vehicle], ListingFailure>
        do {
            outcome = .success(try await listAllPages())
        } catch {
            outcome = .failure(error)
        }
        completedPolls += 1
        switch outcome {
        case .success(let vehicles): await deliver(vehicles)
        case .failure(let failure): await deliver(failure.error, page: failure.page)
        }
    }

    /// A listing that broke off, and on which page (from 1; nil past the page limit).
    private struct ListingFailure: Error {
        var error: TripServiceError
        var page: Int?
    }

    /// Every page of the listing, or the first failure.
    private func listAllPages() async throws(ListingFailure) -> [Vehicle] {
        var vehicles: [Vehicle] = []
        var token: String?
        for index in 0..<maximumPages {
            let page: ListVehiclesResponse
            do {
                page = try await backend.listVehicles(pageToken: token)
            } catch {
                throw ListingFailure(error: error, page: index + 1)
            }
            vehicles += page.vehicles
            guard !page.nextPageToken.isEmpty else { return vehicles }
            token = page.nextPageToken
        }
        throw ListingFailure(
            error: TripServiceError(
                code: .outOfRange,
                message:
                    "the fleet has more than \(maximumPages) pages of vehicles: narrow it with a filter or a viewport"),
            page: nil)
    }

    /// Whether a failure is Fleet Engine refusing a page token (INVALID_ARGUMENT past the first page: the token
    /// expired or the fleet changed under it), which the next listing mends by starting from the first page.
    public static func isRefusedPageToken(_ error: TripServiceError, page: Int?) -> Bool {
        error.code == .invalidArgument && (page ?? 0) > 1
    }

    /// What a person should do about a failed listing: Fleet Engine's hints speak of trips, a listing's of the
    /// provider, its query and its page tokens.
    public static func hint(for error: TripServiceError, page: Int?) -> String {
        if isRefusedPageToken(error, page: page) {
            return "the page token was refused: the next listing starts again from the first page"
        }
        switch error.code {
        case .invalidArgument: return "check the listing's filter, vehicle types, state and viewport"
        case .notFound: return "no such provider: check the provider id"
        case .permissionDenied: return "ListVehicles needs a server token for this provider"
        default: return error.hint
        }
    }

    private func deliver(_ error: TripServiceError, page: Int?) async {
        consecutiveFailures += 1
        lastError = error
        lastFailedPage = page
        // A refused page token needs nobody to act: the next listing, from the first page, mends it.
        retryDelay =
            Self.isRefusedPageToken(error, page: page)
            ? options.pollInterval
            : options.retryDelay(after: error, consecutiveFailures: consecutiveFailures, using: &rng)
        for entry in subscribers {
            guard let subscriber = entry.subscriber else { continue }
            await subscriber.fleetTracker(self, didFailWithError: error)
        }
    }

    private func deliver(_ vehicles: [Vehicle]) async {
        let observed = now()
        var next: [String: FleetVehicle] = [:]
        for vehicle in vehicles {
            next[vehicle.name] = FleetVehicle(vehicle: vehicle, isStale: isStale(vehicle, at: observed))
        }
        let update = Self.changes(from: fleet, to: next)
        let recovered: (failures: Int, error: TripServiceError)? =
            consecutiveFailures > 0 ? lastError.map { (consecutiveFailures, $0) } : nil
        fleet = next
        consecutiveFailures = 0
        lastError = nil
        lastFailedPage = nil
        retryDelay = options.pollInterval
        let sorted = next.values.sorted { $0.name < $1.name }
        for entry in subscribers {
            guard let subscriber = entry.subscriber else { continue }
            if let recovered {
                await subscriber.fleetTracker(self, didRecoverAfter: recovered.failures, lastError: recovered.error)
            }
            let changes = entry.hasHeardFleet ? update : FleetUpdate(appeared: sorted)
            entry.hasHeardFleet = true
            await subscriber.fleetTracker(self, didUpdate: sorted, changes: changes)
        }
    }

    /// Stale: no location, or its last report (server time, else device time) older than the threshold.
    private func isStale(_ vehicle: Vehicle, at time: ProtoTimestamp) -> Bool {
        guard let reported = FleetVehicle.lastReport(of: vehicle) else { return true }
        return time - reported > staleThreshold
    }

    static func changes(from old: [String: FleetVehicle], to new: [String: FleetVehicle]) -> FleetUpdate {
        var update = FleetUpdate()
        for name in new.keys.sorted() {
            guard let now = new[name] else { continue }
            if let before = old[name] {
                if before != now { update.changed.append(now) }
            } else {
                update.appeared.append(now)
            }
        }
        update.vanished = old.keys.filter { new[$0] == nil }.sorted()
        return update
    }
}

/// A registration: the subscriber, held weakly, and whether it has had a first complete fleet.
private final class FleetSubscriberEntry {
    weak var subscriber: (any FleetTrackerSubscriber)?
    let id: ObjectIdentifier
    var hasHeardFleet = false

    init(_ subscriber: any FleetTrackerSubscriber) {
        self.subscriber = subscriber
        self.id = ObjectIdentifier(subscriber)
    }
}
