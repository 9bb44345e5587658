import FleetClient
import FleetModel
import Foundation
import Logging

/// Reports a vehicle to Fleet Engine the way the Driver SDK's vehicle reporter does: every
/// `locationUpdateInterval` one UpdateVehicle with the newest location, route to the next stop, remaining distance
/// and time, navigation status and vehicle state — or, for a ``ReportedVehicle/delivery(_:)`` vehicle, one
/// UpdateDeliveryVehicle with the same facts in the Deliveries API's fields (it has no vehicle state).
///
/// ```swift
/// let reporter = VehicleReporter(client: client, vehicle: name)
/// await reporter.addListener(log)
/// await reporter.updateVehicleState(.online)
/// await reporter.setLocationTrackingEnabled(true)
/// for try await fix in source.fixes() { await reporter.updateLocation(fix) }
/// await reporter.setLocationTrackingEnabled(false)   // one last update: OFFLINE
/// ```
///
/// Semantics, as the Driver SDK's:
/// - Enabling location tracking sends at once, then every interval (default 10 s, clamped to 5–60 s, Fleet
///   Engine's "at most once per 5 s, at least once a minute"). Disabling it stops the reports after one final
///   update that sets the vehicle OFFLINE.
/// - OFFLINE has no next interval to make up for a failure, so it alone is retried after a recoverable failure
///   (1 s, 2 s, 4 s…, or the server's `Retry-After`) for up to `offlineRetryBudget` (15 s by default): a driver
///   going off duty during a network blip should not stay ONLINE on every rider's map. Client failures (token,
///   permission) are not retried.
/// - `updateVehicleState(.online)` takes effect with tracking: sent at once when tracking is on, else with the first
///   report after it is enabled. `.offline` is sent at once either way.
/// - Latest wins: a failed update is not queued; the next interval sends the newest data. Listeners hear of every
///   success and failure (with the classified ``TripServiceError``).
/// - Each update names in its `updateMask` only what the reporter knows: `vehicleState` once set, `lastLocation`
///   once a fix came, the route fields once a ``RouteProgress`` came. With nothing to say no call is made
///   (``ReporterStatistics/skippedEmptyUpdates``); an "update_mask cannot be empty" answer is counted apart.
///
/// Time comes from the injected clock (for the intervals) and `now` (for timestamps), so tests run on a manual clock.
public actor VehicleReporter {
    public static let defaultInterval: Duration = .seconds(10)
    public static let intervalRange: ClosedRange<Duration> = .seconds(5)...(.seconds(60))
    public static let defaultOfflineRetryBudget: Duration = .seconds(15)

    /// Which vehicle, and so which API's update.
    public nonisolated let reported: ReportedVehicle
    private let client: FleetEngineClient
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let logger: Logger

    public private(set) var locationUpdateInterval: Duration
    /// How long a failed OFFLINE update is retried (see the type's notes).
    public let offlineRetryBudget: Duration
    public private(set) var isLocationTrackingEnabled = false
    /// The state to report; nil until one is set.
    public private(set) var vehicleState: VehicleState?
    public private(set) var statistics = ReporterStatistics()
    /// The vehicle as the server answered the last successful update (an on-demand vehicle's).
    public private(set) var lastResponse: Vehicle?
    /// The delivery vehicle as the server answered the last successful update.
    public private(set) var lastDeliveryResponse: DeliveryVehicle?
    public private(set) var location: LocationFix?
    public private(set) var routeProgress: RouteProgress?

    private var listeners: [any VehicleReporterListener] = []
    private var loop: Task<Void, Never>?
    private var stopRequested = false
    private var sleeper: Task<Void, any Error>?
    private var wakePending = false
    /// The last send started; each send waits for the one before, so updates never overlap or reorder.
    private var lastSend: Task<TripServiceError?, Never>?

    public init(
        client: FleetEngineClient, vehicle: VehicleName, interval: Duration = defaultInterval,
        offlineRetryBudget: Duration = defaultOfflineRetryBudget,
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "tripterm.driver.reporter")
    ) {
        self.init(
            client: client, reporting: .onDemand(vehicle), interval: interval, offlineRetryBudget: offlineRetryBudget,
            clock: clock, now: now, logger: logger)
    }

    public init(
        client: FleetEngineClient, reporting reported: ReportedVehicle, interval: Duration = defaultInterval,
        offlineRetryBudget: Duration = defaultOfflineRetryBudget,
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "tripterm.driver.reporter")
    ) {
        self.client = client
        self.reported = reported
        self.locationUpdateInterval = Self.clamp(interval)
        self.offlineRetryBudget = offlineRetryBudget
        self.clock = clock
        self.now = now
        self.logger = logger
    }

    /// `interval` brought into 5–60 s.
    public static func clamp(_ interval: Duration) -> Duration {
        min(max(interval, intervalRange.lowerBound), intervalRange.upperBound)
    }

    // MARK: Settings

    /// Sets the reporting interval, clamped to 5–60 s; used from the next wait on.
    public func setLocationUpdateInterval(_ interval: Duration) {
        locationUpdateInterval = Self.clamp(interval)
    }

    /// Starts or stops periodic reporting; stopping sends one final update setting the vehicle OFFLINE and returns
    /// after it.
    public func setLocationTrackingEnabled(_ enabled: Bool) async {
        guard enabled != isLocationTrackingEnabled else { return }
        isLocationTrackingEnabled = enabled
        if enabled {
            stopRequested = false
            wakePending = false
            loop = Task { await self.run() }
        } else {
            stopRequested = true
            wake()
            await loop?.value
            loop = nil
            vehicleState = .offline
            await sendOffline()
        }
    }

    /// Sets the vehicle's state (see the type's notes for when it is sent).
    public func updateVehicleState(_ state: VehicleState) async {
        vehicleState = state
        if isLocationTrackingEnabled {
            wake()
        } else if state == .offline {
            await sendOffline()
        }
    }

    /// The newest position; sent with the next update.
    public func updateLocation(_ fix: LocationFix) {
        location = fix
    }

    /// The newest route progress (from a ``Navigator``); nil stops sending the route fields.
    public func updateRouteProgress(_ progress: RouteProgress?) {
        routeProgress = progress
    }

    /// Sends an update now instead of at the next interval (when tracking is on; otherwise does nothing).
    public func reportNow() {
        if isLocationTrackingEnabled { wake() }
    }

    public func addListener(_ listener: any VehicleReporterListener) {
        guard !listeners.contains(where: { $0 === listener }) else { return }
        listeners.append(listener)
    }

    public func removeListener(_ listener: any VehicleReporterListener) {
        listeners.removeAll { $0 === listener }
    }

    // MARK: Reporting

    private func run() async {
        while !stopRequested {
            await send()
            if stopRequested { break }
            await sleepOrWake(for: locationUpdateInterval)
        }
    }

    private func sleepOrWake(for interval: Duration) async {
        if wakePending {
            wakePending = false
            return
        }
        let task = Task { [clock] in try await clock.sleep(for: interval) }
        sleeper = task
        _ = await task.result
        sleeper = nil
        wakePending = false
    }

    private func wake() {
        wakePending = true
        sleeper?.cancel()
    }

    /// Sends the OFFLINE update, retrying recoverable failures within ``offlineRetryBudget``.
    private func sendOffline() async {
        var delay = Duration.seconds(1)
        var waited = Duration.zero
        while let error = await send(), error.errorClass == .recoverable, vehicleState == .offline,
            !isLocationTrackingEnabled
        {
            let pause = max(delay, error.retryAfter ?? .zero)
            guard waited + pause <= offlineRetryBudget else { return }
            do { try await clock.sleep(for: pause) } catch { return }
            waited += pause
            delay *= 2
        }
    }

    /// Sends one update built from the newest data, after any send still in flight; returns its failure, if any.
    @discardableResult
    private func send() async -> TripServiceError? {
        let previous = lastSend
        let task = Task {
            _ = await previous?.value
            return await self.sendNow()
        }
        lastSend = task
        return await task.value
    }

    private func sendNow() async -> TripServiceError? {
        let (vehicle, mask) = patch()
        guard !mask.isEmpty else {
            statistics.skippedEmptyUpdates += 1
            return nil
        }
        statistics.attempts += 1
        var update = VehicleUpdate(number: statistics.attempts, time: now(), vehicle: vehicle, updateMask: mask)
        do {
            switch reported {
            case .onDemand(let name):
                let response = try await client.updateVehicle(vehicle, name: name, updateMask: mask)
                update.response = response
                lastResponse = response
            case .delivery(let name):
                let (patch, deliveryMask) = ReportedVehicle.deliveryPatch(vehicle, mask: mask)
                update.deliveryVehicle = patch
                update.updateMask = deliveryMask
                lastDeliveryResponse = try await client.updateDeliveryVehicle(
                    patch, name: name, updateMask: deliveryMask)
            }
            statistics.successes += 1
            statistics.consecutiveFailures = 0
            statistics.lastSuccess = update.time
            for listener in listeners { await listener.didSucceed(update) }
            return nil
        } catch {
            if error.isEmptyUpdateMask { statistics.emptyMaskFailures += 1 } else { statistics.failures += 1 }
            statistics.consecutiveFailures += 1
            statistics.lastFailure = ReporterFailure(time: update.time, error: error)
            logger.debug(
                "vehicle update failed",
                metadata: [
                    "vehicle": "\(reported)", "code": "\(error.code.name)", "class": "\(error.errorClass)",
                    "message": "\(error.message)",
                ])
            for listener in listeners { await listener.didFail(update, error: error) }
            return error
        }
    }

    /// The vehicle fields to send and their mask, from what the reporter knows now.
    func patch() -> (Vehicle, [String]) {
        var vehicle = Vehicle()
        var mask: [String] = []
        // A delivery vehicle has no state in Fleet Engine: the reporter keeps one only for its own stop logic.
        if let vehicleState, case .onDemand = reported {
            vehicle.vehicleState = vehicleState
            mask.append("vehicleState")
        }
        if let location {
            vehicle.lastLocation = location.vehicleLocation
            mask.append("lastLocation")
        }
        if let progress = routeProgress {
            vehicle.navigationStatus = progress.navigationStatus
            let guided = progress.navigationStatus != .noGuidance && progress.destination != nil
            vehicle.currentRouteSegment =
                guided && progress.remainingPath.count > 1 ? S2Polyline.encode(progress.remainingPath) : ""
            vehicle.currentRouteSegmentEndPoint = guided ? progress.destination : nil
            vehicle.remainingDistanceMeters = guided ? progress.remainingDistanceMeters.flatMap(Self.wholeNumber) : nil
            vehicle.remainingTimeSeconds = guided ? progress.remainingTimeSeconds.flatMap(Self.wholeNumber) : nil
            mask += [
                "navigationStatus", "currentRouteSegment", "currentRouteSegmentEndPoint", "remainingDistanceMeters",
                "remainingTimeSeconds",
            ]
        }
        return (vehicle, mask)
    }

    /// A non-negative measure as Fleet Engine's Int32 field; nil when it is not a number.
    static func wholeNumber(_ value: Double) -> Int32? {
        guard value.isFinite else { return nil }
        return Int32(max(0, min(value.rounded(), Double(Int32.max))))
    }
}
