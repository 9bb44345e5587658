import FleetModel

/// Follows one shipment — the JavaScript SDK's shipment location provider in the terminal: GetTaskTrackingInfo every
/// poll interval (5 s, never less, as the SDK), and tells registered ``ShipmentTrackerSubscriber``s what changed.
/// Once the task is CLOSED and that has been delivered, it polls no more.
///
/// ```swift
/// let tracker = ShipmentTracker(name: name, backend: FleetEngineShipmentBackend(client: client))
/// await tracker.register(printer)
/// await tracker.start()
/// ```
///
/// Failures are classified (``TripServiceError/errorClass``) and retried as ``TripModelOptions`` describes for
/// trips. Time comes from an injected `Clock`, so tests never sleep.
public actor ShipmentTracker {
    /// The SDK's floor: a smaller interval is raised to it.
    public static let minimumInterval = Duration.seconds(5)

    public nonisolated let name: TaskTrackingInfoName
    public nonisolated let backend: any ShipmentBackend
    public nonisolated let options: TripModelOptions
    private let clock: any Clock<Duration>
    private var rng: SplitMix64
    private var subscribers: [ShipmentSubscriberEntry] = []

    /// The last answer.
    public private(set) var info: TaskTrackingInfo?
    public private(set) var consecutiveFailures = 0
    public private(set) var lastError: TripServiceError?
    /// True once a CLOSED answer has been delivered.
    public private(set) var isFinished = false
    public private(set) var completedPolls = 0
    /// How long the tracker waits before its next poll (after a failure, the retry delay).
    public private(set) var retryDelay: Duration
    private var pollLoop: Task<Void, Never>?
    /// A poll is between its request and the end of its delivery; another waits for it (``refresh()``, the loop).
    private var pollInFlight = false
    private var inFlightWaiters: [CheckedContinuation<Void, Never>] = []
    /// Polls waiting for the one in flight (for tests).
    var pollsWaiting: Int { inFlightWaiters.count }

    /// `options.pollInterval` below ``minimumInterval`` is raised to it, unless `allowsFastPolling` (tests).
    public init(
        name: TaskTrackingInfoName, backend: any ShipmentBackend, options: TripModelOptions = .init(),
        allowsFastPolling: Bool = false, clock: any Clock<Duration> = ContinuousClock()
    ) {
        var options = options
        if !allowsFastPolling { options.pollInterval = max(options.pollInterval, Self.minimumInterval) }
        self.name = name
        self.backend = backend
        self.options = options
        self.clock = clock
        self.retryDelay = options.pollInterval
        self.rng = SplitMix64(seed: options.jitterSeed ?? UInt64.random(in: .min ... .max))
    }

    public func register(_ subscriber: any ShipmentTrackerSubscriber) {
        subscribers.removeAll { $0.subscriber == nil }
        guard !subscribers.contains(where: { $0.id == ObjectIdentifier(subscriber) }) else { return }
        subscribers.append(ShipmentSubscriberEntry(subscriber))
    }

    public func start() {
        guard pollLoop == nil, !isFinished else { return }
        pollLoop = Task { await self.runLoop() }
    }

    public func stop() {
        pollLoop?.cancel()
        pollLoop = nil
    }

    /// Polls once and returns when every subscriber has heard the outcome. A poll already in flight (the loop's) is
    /// waited for, then a fresh one is made: answers arrive in the order they were asked for, and the one this
    /// refresh reports is never older than the call.
    public func refresh() async {
        guard !isFinished else { return }
        await pollOnce()
    }

    /// Returns once the shipment is CLOSED (or the tracker stopped).
    public func waitUntilFinished() async {
        await pollLoop?.value
    }

    private func runLoop() async {
        while !Task.isCancelled && !isFinished {
            await pollOnce()
            if Task.isCancelled || isFinished { break }
            do { try await clock.sleep(for: retryDelay) } catch { break }
        }
    }

    /// One poll, after any in flight, delivered before the next may start.
    private func pollOnce() async {
        while pollInFlight { await withCheckedContinuation { inFlightWaiters.append($0) } }
        guard !isFinished, !Task.isCancelled else { return }
        pollInFlight = true
        let outcome: Result<TaskTrackingInfo, TripServiceError>
        do {
            outcome = .success(try await backend.fetchTrackingInfo(name))
        } catch {
            outcome = .failure(TripServiceError.classifying(error))
        }
        completedPolls += 1
        switch outcome {
        case .success(let info): await deliver(info)
        case .failure(let error): await deliver(error)
        }
        pollInFlight = false
        let waiters = inFlightWaiters
        inFlightWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    private func deliver(_ error: TripServiceError) async {
        consecutiveFailures += 1
        lastError = error
        retryDelay = options.retryDelay(after: error, consecutiveFailures: consecutiveFailures, using: &rng)
        for entry in subscribers {
            await entry.subscriber?.shipmentTracker(self, didFailWithError: error)
        }
    }

    private func deliver(_ new: TaskTrackingInfo) async {
        let changed = ShipmentElement.allCases.filter { element in
            info.map { element.differs($0, new) } ?? element.isPresent(in: new)
        }
        // Told whether or not the answer changed: a failure shown for the polls before must go either way.
        let recovered = consecutiveFailures > 0 ? lastError.map { (consecutiveFailures, $0) } : nil
        info = new
        consecutiveFailures = 0
        lastError = nil
        retryDelay = options.pollInterval
        if new.state == .closed { isFinished = true }
        for entry in subscribers {
            guard let subscriber = entry.subscriber else { continue }
            if let (failures, error) = recovered {
                await subscriber.shipmentTracker(self, didRecoverAfter: failures, lastError: error)
            }
            let heard = entry.hasHeard ? changed : ShipmentElement.allCases.filter { $0.isPresent(in: new) }
            entry.hasHeard = true
            guard !heard.isEmpty else { continue }
            await subscriber.shipmentTracker(self, didUpdate: new, changed: heard)
        }
    }
}

/// A registration: the subscriber, held weakly, and whether it has had a first answer.
private final class ShipmentSubscriberEntry {
    weak var subscriber: (any ShipmentTrackerSubscriber)?
    let id: ObjectIdentifier
    var hasHeard = false

    init(_ subscriber: any ShipmentTrackerSubscriber) {
        self.subscriber = subscriber
        self.id = ObjectIdentifier(subscriber)
    }
}
