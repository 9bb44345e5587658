import FleetEvents
import FleetModel
import Foundation

/// Watches a fleet — the JavaScript SDK's fleet location provider in the terminal: lists every vehicle (all pages)
/// every poll interval, marks those whose last report is older than the stale threshold, and tells registered
/// ``FleetTrackerSubscriber``s what appeared, changed and vanished. Its ``FleetScope`` says which vehicles: the
/// on-demand ones (ListVehicles), the delivery ones (ListDeliveryVehicles, with their stops and tasks from one
/// ListTasks of the provider's OPEN tasks), and a task list (ListTasks with a filter).
///
/// ```swift
/// let tracker = FleetTracker(backend: FleetEngineFleetBackend(client: client, provider: "my-project"))
/// await tracker.register(fleetScreen)
/// await tracker.start()
/// ```
///
/// A poll is used only when every page of each of its listings arrived: a failure on any page (a server that drops mid-page, a
/// page token that expired) is delivered, classified, and the last complete fleet stays on screen; the next poll
/// starts again from the first page. Failures are retried as ``TripModelOptions`` describes for trips, but for a
/// refused page token (``isRefusedPageToken(_:page:)``), retried at the poll interval since starting over mends it. Time comes
/// from an injected `Clock`, and staleness is judged at `now()`, so tests run on a manual `VirtualClock`.
public actor FleetTracker {
    public nonisolated let backend: any FleetBackend
    public nonisolated let scope: FleetScope
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
    /// The last complete task list, by task name (empty without one: ``FleetScope/taskFilter``).
    public private(set) var tasks: [String: DeliveryTask] = [:]
    /// Why delivery vehicles are no longer listed: the Deliveries API's refusal that turned them off
    /// (``FleetScope/Deliveries/whenAvailable``); nil while they are listed or were never asked for.
    public private(set) var deliveriesRefusal: TripServiceError?
    /// Failed listings since the last complete one.
    public private(set) var consecutiveFailures = 0
    public private(set) var lastError: TripServiceError?
    /// The page (from 1) the last failed listing broke off on; nil when it failed before any page or none failed.
    public private(set) var lastFailedPage: Int?
    /// The method whose listing failed last (`ListVehicles`, `ListDeliveryVehicles`, `ListTasks`).
    public private(set) var lastFailedMethod: String?
    /// How long the tracker waits before its next listing.
    public private(set) var retryDelay: Duration
    /// The last event read (``FleetScope/events``): the next poll reads those after it.
    public private(set) var eventCursor: Int64 = 0
    /// Whether polls still read events: a backend that refuses them once has none.
    private var readsEvents: Bool
    /// Whether a read succeeded yet: the first asks for the newest ``eventBacklog`` only.
    private var hasReadEvents = false
    /// Why events are no longer read: the refusal that turned them off (UNIMPLEMENTED from a server that records
    /// none, NOT_FOUND from one without the endpoint); nil while they are read or were never asked for.
    public private(set) var eventsRefusal: TripServiceError?
    /// Events read per request; a full page is followed by the next at once, up to ``maximumPages``.
    public static let eventPageSize = 1000
    /// Events the first read takes, the newest: a screen shows recent events, not a server's whole history.
    public static let eventBacklog = 100
    /// Listings attempted so far, complete or not.
    public private(set) var completedPolls = 0
    private var pollLoop: Task<Void, Never>?

    public init(
        backend: any FleetBackend, scope: FleetScope = .onDemandOnly, options: TripModelOptions = .init(),
        staleThreshold: Duration = .seconds(300),
        maximumPages: Int = 200, clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> ProtoTimestamp = { ProtoTimestamp(Date()) }
    ) {
        self.backend = backend
        self.scope = scope
        self.options = options
        self.staleThreshold = staleThreshold
        self.maximumPages = maximumPages
        self.clock = clock
        self.now = now
        self.retryDelay = options.pollInterval
        self.readsEvents = scope.events
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
        let outcome: Result<Listing, ListingFailure>
        do {
            outcome = .success(try await listEverything())
        } catch {
            outcome = .failure(error)
        }
        completedPolls += 1
        switch outcome {
        case .success(let listing):
            let read = await readEvents()
            await deliver(listing, events: read.events, stoppedEvents: read.stopped)
        case .failure(let failure): await deliver(failure.error, page: failure.page, method: failure.method)
        }
    }

    /// A listing that broke off: which method's, and on which page (from 1; nil past the page limit).
    private struct ListingFailure: Error {
        var error: TripServiceError
        var page: Int?
        var method: String
    }

    /// What one poll listed, complete.
    private struct Listing {
        var vehicles: [Vehicle] = []
        var deliveryVehicles: [DeliveryVehicle] = []
        /// The delivery vehicles' OPEN tasks.
        var openTasks: [DeliveryTask] = []
        /// The task list; nil when none is listed.
        var tasks: [DeliveryTask]?
        /// The Deliveries API's refusal that turned delivery vehicles off during this listing.
        var stoppedDeliveries: TripServiceError?
    }

    private var listsDeliveryVehicles: Bool {
        switch scope.deliveries {
        case .off: false
        case .whenAvailable: deliveriesRefusal == nil
        case .required: true
        }
    }

    /// The task list's filter while one is listed: a refusal of the Deliveries API it hangs on ends it too.
    private var taskListFilter: String? {
        scope.deliveries == .whenAvailable && deliveriesRefusal != nil ? nil : scope.taskFilter
    }

    /// Every listing the scope asks for, every page of each, or the first failure. Delivery vehicles' stops and
    /// tasks come from one ListTasks of the provider's OPEN tasks, grouped by vehicle, rather than a
    /// GetDeliveryVehicle per vehicle (the only call that fills a vehicle's itinerary): one call a poll however
    /// many vehicles there are — none when the task list's own listing already holds every OPEN task.
    private func listEverything() async throws(ListingFailure) -> Listing {
        var listing = Listing()
        let backend = backend
        if scope.onDemand {
            listing.vehicles = try await allPages("ListVehicles") { token throws(TripServiceError) in
                let page = try await backend.listVehicles(pageToken: token)
                return (page.vehicles, page.nextPageToken)
            }
        }
        do throws(ListingFailure) {
            if listsDeliveryVehicles {
                listing.deliveryVehicles = try await allPages("ListDeliveryVehicles") {
                    token throws(TripServiceError) in
                    let page = try await backend.listDeliveryVehicles(pageToken: token)
                    return (page.deliveryVehicles, page.nextPageToken)
                }
            }
            if let filter = taskListFilter {
                listing.tasks = try await allTasks(filter)
            }
            if !listing.deliveryVehicles.isEmpty {
                if let tasks = listing.tasks, taskListFilter == FleetScope.openTasks || taskListFilter == "" {
                    listing.openTasks = tasks.filter { $0.state == .open }
                } else {
                    listing.openTasks = try await allTasks(FleetScope.openTasks)
                }
            }
        } catch {
            guard scope.deliveries == .whenAvailable, Self.refusesDeliveries(error.error) else { throw error }
            // The Deliveries API is not this token's or this project's: the on-demand fleet goes on alone.
            deliveriesRefusal = error.error
            listing.stoppedDeliveries = error.error
            listing.deliveryVehicles = []
            listing.openTasks = []
            listing.tasks = nil
        }
        return listing
    }

    private func allTasks(_ filter: String) async throws(ListingFailure) -> [DeliveryTask] {
        let backend = backend
        return try await allPages("ListTasks") { token throws(TripServiceError) in
            let page = try await backend.listTasks(filter: filter, pageToken: token)
            return (page.tasks, page.nextPageToken)
        }
    }

    /// Every page of one listing, or its first failure.
    private func allPages<Item>(
        _ method: String, _ page: (String?) async throws(TripServiceError) -> (items: [Item], next: String)
    ) async throws(ListingFailure) -> [Item] {
        var items: [Item] = []
        var token: String?
        for index in 0..<maximumPages {
            let answer: (items: [Item], next: String)
            do {
                answer = try await page(token)
            } catch {
                throw ListingFailure(error: error, page: index + 1, method: method)
            }
            items += answer.items
            guard !answer.next.isEmpty else { return items }
            token = answer.next
        }
        throw ListingFailure(
            error: TripServiceError(
                code: .outOfRange,
                message: "\(method) has more than \(maximumPages) pages: narrow it with a filter or a viewport"),
            page: nil, method: method)
    }

    /// Whether a failure says the Deliveries API (or the events endpoint, or events on that server) is not there for
    /// this caller, rather than that it failed.
    static func refusesDeliveries(_ error: TripServiceError) -> Bool {
        [.permissionDenied, .notFound, .unimplemented].contains(error.code)
    }

    /// Whether a failure is Fleet Engine refusing a page token (INVALID_ARGUMENT past the first page: the token
    /// expired or the fleet changed under it), which the next listing mends by starting from the first page.
    public static func isRefusedPageToken(_ error: TripServiceError, page: Int?) -> Bool {
        error.code == .invalidArgument && (page ?? 0) > 1
    }

    /// What a person should do about a failed listing: Fleet Engine's hints speak of trips, a listing's of the
    /// provider, its query and its page tokens.
    public static func hint(for error: TripServiceError, page: Int?, method: String? = nil) -> String {
        if isRefusedPageToken(error, page: page) {
            return "the page token was refused: the next listing starts again from the first page"
        }
        switch error.code {
        case .invalidArgument:
            return method == "ListTasks"
                ? "check the task filter" : "check the listing's filter, vehicle types, state and viewport"
        case .notFound: return "no such provider: check the provider id"
        case .permissionDenied: return "\(method ?? "ListVehicles") needs a server token for this provider"
        default: return error.hint
        }
    }

    private func deliver(_ error: TripServiceError, page: Int?, method: String) async {
        consecutiveFailures += 1
        lastError = error
        lastFailedPage = page
        lastFailedMethod = method
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

    /// The events recorded since the last poll (the first time, the newest ``eventBacklog``), or nil while none are
    /// read. A refusal (no such endpoint, or events off on the server: NOT_FOUND, UNIMPLEMENTED, PERMISSION_DENIED)
    /// stops reading them, and is returned once; any other failure leaves the cursor for the next poll, so that
    /// nothing is skipped.
    private func readEvents() async -> (events: [FleetEventRecord]?, stopped: TripServiceError?) {
        guard readsEvents else { return (nil, nil) }
        var read: [FleetEventRecord] = []
        do {
            if !hasReadEvents {
                read = try await backend.listEvents(newest: Self.eventBacklog)
                hasReadEvents = true
                eventCursor = read.last.map { max(eventCursor, $0.eventId) } ?? eventCursor
                return (read, nil)
            }
            for _ in 0..<maximumPages {
                let page = try await backend.listEvents(after: eventCursor)
                read += page
                eventCursor = page.last.map { max(eventCursor, $0.eventId) } ?? eventCursor
                if page.count < Self.eventPageSize { break }
            }
        } catch {
            if Self.refusesDeliveries(error) {
                readsEvents = false
                eventsRefusal = error
                return (nil, error)
            }
        }
        return (read, nil)
    }

    private func deliver(
        _ listing: Listing, events: [FleetEventRecord]?, stoppedEvents: TripServiceError? = nil
    ) async {
        let observed = now()
        var next: [String: FleetVehicle] = [:]
        for vehicle in listing.vehicles {
            next[vehicle.name] = FleetVehicle(
                vehicle: vehicle, isStale: isStale(vehicle.lastLocation.map(FleetLocation.init), at: observed))
        }
        let openTasks = Dictionary(grouping: listing.openTasks, by: \.deliveryVehicleId)
        for vehicle in listing.deliveryVehicles {
            next[vehicle.name] = FleetVehicle(
                deliveryVehicle: vehicle, openTasks: openTasks[ResourceID.last(in: vehicle.name)] ?? [],
                isStale: isStale(vehicle.lastLocation.map(FleetLocation.init), at: observed))
        }
        let update = FleetUpdate.between(fleet, next)
        let nextTasks = listing.tasks.map { tasks in
            Dictionary(tasks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let taskChanges = nextTasks.map { FleetChanges.between(self.tasks, $0) }
        let recovered: (failures: Int, error: TripServiceError)? =
            consecutiveFailures > 0 ? lastError.map { (consecutiveFailures, $0) } : nil
        fleet = next
        tasks = nextTasks ?? [:]
        consecutiveFailures = 0
        lastError = nil
        lastFailedPage = nil
        lastFailedMethod = nil
        retryDelay = options.pollInterval
        let sorted = next.values.sorted { $0.name < $1.name }
        let sortedTasks = nextTasks.map { $0.values.sorted { $0.name < $1.name } }
        for entry in subscribers {
            guard let subscriber = entry.subscriber else { continue }
            if let refusal = listing.stoppedDeliveries {
                await subscriber.fleetTracker(self, didStopListingDeliveries: refusal)
            }
            if let recovered {
                await subscriber.fleetTracker(self, didRecoverAfter: recovered.failures, lastError: recovered.error)
            }
            let changes = entry.hasHeardFleet ? update : FleetUpdate(appeared: sorted)
            entry.hasHeardFleet = true
            await subscriber.fleetTracker(self, didUpdate: sorted, changes: changes)
            if let sortedTasks, let taskChanges {
                let heard = entry.hasHeardTasks ? taskChanges : FleetChanges(appeared: sortedTasks)
                entry.hasHeardTasks = true
                await subscriber.fleetTracker(self, didUpdateTasks: sortedTasks, changes: heard)
            }
            if let events { await subscriber.fleetTracker(self, didReadEvents: events) }
            if let stoppedEvents { await subscriber.fleetTracker(self, didStopReadingEvents: stoppedEvents) }
        }
    }

    /// Stale: no location, or its last report (server time, else device time) older than the threshold.
    private func isStale(_ location: FleetLocation?, at time: ProtoTimestamp) -> Bool {
        guard let reported = location?.lastReport else { return true }
        return time - reported > staleThreshold
    }
}

/// A registration: the subscriber, held weakly, and whether it has had a first complete fleet.
private final class FleetSubscriberEntry {
    weak var subscriber: (any FleetTrackerSubscriber)?
    let id: ObjectIdentifier
    var hasHeardFleet = false
    var hasHeardTasks = false

    init(_ subscriber: any FleetTrackerSubscriber) {
        self.subscriber = subscriber
        self.id = ObjectIdentifier(subscriber)
    }
}
