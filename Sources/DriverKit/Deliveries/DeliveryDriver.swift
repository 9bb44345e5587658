import FleetClient
import FleetModel
import Foundation
import RoadMap

/// Drives a delivery vehicle through its stops, as a delivery driver with the Driver SDK does: every fix goes to the
/// ``VehicleReporter`` (UpdateDeliveryVehicle); a ``Navigator`` guides to the first remaining stop; and the stops move
/// on — when asked (``advanceStop()``, ``failTask()``: the driver app's buttons) or, with ``Options/autoAdvance``, on
/// arriving: the stop ARRIVED, after ``Options/dwell`` its tasks' outcomes set, the stop completed, the next ENROUTE.
///
/// Stops change as the Deliveries API changes them: the whole `remainingVehicleJourneySegments` list is sent with
/// the first stop's new state, and a completed stop is sent as the list without it, which closes its tasks (deliveries
/// reference §5.2). Outcomes go first, by UpdateTask (`taskOutcome`, `taskOutcomeTime`), so that a closed task
/// always says how it went; the server places them at the vehicle's last location. The list is read again before
/// each change so that stops the provider added meanwhile are kept.
public actor DeliveryDriver: ConsoleDriver {
    public struct Options: Sendable {
        /// Move the stops on by themselves on arriving at each.
        public var autoAdvance: Bool
        /// How long the vehicle stays ARRIVED at a stop before its tasks are done, measured on `clock`.
        public var dwell: Duration
        /// Tasks whose outcome is FAILED when the stops move on by themselves (a recipient not at home).
        public var failing: Set<String>

        public init(autoAdvance: Bool = false, dwell: Duration = .zero, failing: Set<String> = []) {
            self.autoAdvance = autoAdvance
            self.dwell = dwell
            self.failing = failing
        }
    }

    public nonisolated let vehicleName: DeliveryVehicleName
    public nonisolated let reporter: VehicleReporter
    let client: FleetEngineClient
    public nonisolated let options: Options
    private let elapsed: @Sendable () -> Duration
    private let now: @Sendable () -> Date
    private let notes: @Sendable (String) -> Void
    private var guidance: Guidance
    public private(set) var snapshot: DeliveryDriverSnapshot
    /// The stop arrived at last (its first task), so that an arrival is handled once.
    private var arrivedAt: String?
    /// When the stop the vehicle waits at is done.
    private var pendingCompletion: Duration?

    public init(
        reporter: VehicleReporter, client: FleetEngineClient, vehicleName: DeliveryVehicleName,
        vehicle: DeliveryVehicle, options: Options = Options(), roadGraph: (@Sendable (LatLng) -> RoadGraph?)?,
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() },
        notes: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.vehicleName = vehicleName
        self.reporter = reporter
        self.client = client
        self.options = options
        self.guidance = Guidance(roadGraph: roadGraph)
        self.elapsed = TripDriver.stopwatch(clock)
        self.now = now
        self.notes = notes
        self.snapshot = DeliveryDriverSnapshot(vehicle: vehicle)
    }

    /// Feeds every fix of `source` until it ends (or the task is cancelled); with ``Options/autoAdvance`` the first
    /// stop is set ENROUTE first.
    public func drive(_ source: any LocationSource) async throws {
        if options.autoAdvance { await startFirstStop() }
        for try await fix in source.fixes() { await handle(fix) }
    }

    /// Sets the first stop ENROUTE unless it is under way already: the driver app's "start".
    public func startFirstStop() async {
        guard let first = snapshot.stops.first, first.state != .enroute, first.state != .arrived else { return }
        await note { try await self.setFirstStop(.enroute) }
    }

    /// One fix: reported, guided, and (with ``Options/autoAdvance``) arrivals and completions.
    public func handle(_ fix: LocationFix) async {
        snapshot.fix = fix
        await reporter.updateLocation(fix)
        if let note = guidance.start(at: fix.coordinate) { notes(note) }
        if let due = pendingCompletion, elapsed() >= due {
            pendingCompletion = nil
            await leaveStop()
        }
        guard let progress = await navigate(to: fix.coordinate) else { return }
        if options.autoAdvance, pendingCompletion == nil, progress.navigationStatus == .arrivedAtDestination,
            let key = progress.destination?.tripId, key != arrivedAt
        {
            arrivedAt = key
            await note { try await self.setFirstStop(.arrived) }
            if options.dwell > .zero {
                pendingCompletion = elapsed() + options.dwell
            } else {
                await leaveStop()
                await navigate(to: fix.coordinate)
            }
        }
    }

    /// Auto-advance's end of a stop: its tasks done and the stop completed, then on to the next.
    private func leaveStop() async {
        await note { try await self.completeStop(automatic: true) }
        await note { try await self.setFirstStop(.enroute) }
    }

    /// Re-reads the vehicle and the tasks of its stops (for a console's panel); a failure is noted, not thrown.
    public func refresh() async {
        do {
            snapshot.vehicle = try await client.getDeliveryVehicle(vehicleName)
            try await readTasks()
        } catch {
            notes("refresh failed: \(TripDriver.describe(error))")
        }
    }

    /// The first stop's next step — ENROUTE, ARRIVED, then completed (its tasks without an outcome SUCCEEDED) —
    /// as the driver app's button; returns a line saying what happened.
    @discardableResult
    public func advanceStop() async -> String {
        do {
            snapshot.vehicle = try await client.getDeliveryVehicle(vehicleName)
            guard let first = snapshot.stops.first else { return "no stop to advance" }
            switch first.state {
            case .arrived: return try await completeStop(automatic: false)
            case .enroute: return try await setFirstStop(.arrived)
            case .new, .stateUnspecified: return try await setFirstStop(.enroute)
            }
        } catch {
            return TripDriver.describe(error)
        }
    }

    /// Sets the first task of the next stop that has no outcome to FAILED (the recipient was out); returns a line.
    @discardableResult
    public func failTask() async -> String {
        do {
            snapshot.vehicle = try await client.getDeliveryVehicle(vehicleName)
            try await readTasks()
            guard let id = snapshot.pendingTaskID else { return "no task without an outcome at the next stop" }
            return try await setOutcome(.failed, of: id)
        } catch {
            return TripDriver.describe(error)
        }
    }

    // MARK: Stops

    /// Sends the remaining stops with the first one in `state`.
    @discardableResult
    private func setFirstStop(_ state: VehicleStop.State) async throws(TripServiceError) -> String {
        snapshot.vehicle = try await client.getDeliveryVehicle(vehicleName)
        var stops = snapshot.stops
        guard !stops.isEmpty else { return "no stops left" }
        guard stops[0].state != state else { return "stop 1 is \(state.protoName) already" }
        stops[0].state = state
        try await sendStops(stops)
        return "stop 1 of \(stops.count) \(state.protoName)"
    }

    /// Gives each task of the first stop without an outcome one (SUCCEEDED, or FAILED for ``Options/failing`` tasks
    /// when `automatic`), then removes the stop, which closes its tasks.
    private func completeStop(automatic: Bool) async throws(TripServiceError) -> String {
        snapshot.vehicle = try await client.getDeliveryVehicle(vehicleName)
        try await readTasks()
        guard let stop = snapshot.stops.first else { return "no stop to complete" }
        for info in stop.tasks
        where (snapshot.tasks[info.taskId]?.taskOutcome ?? .taskOutcomeUnspecified) == .taskOutcomeUnspecified {
            let outcome: DeliveryTask.TaskOutcome =
                automatic && options.failing.contains(info.taskId) ? .failed : .succeeded
            notes(try await setOutcome(outcome, of: info.taskId))
        }
        try await sendStops(Array(snapshot.stops.dropFirst()))
        for info in stop.tasks {
            if let closed = try? await client.getTask(taskName(info.taskId)) { snapshot.tasks[info.taskId] = closed }
            if !snapshot.closedTaskIDs.contains(info.taskId) { snapshot.closedTaskIDs.append(info.taskId) }
        }
        arrivedAt = nil
        return "stop completed: \(stop.tasks.count) task\(stop.tasks.count == 1 ? "" : "s") closed, "
            + "\(snapshot.stops.count) stop\(snapshot.stops.count == 1 ? "" : "s") left"
    }

    private func setOutcome(
        _ outcome: DeliveryTask.TaskOutcome, of id: String
    ) async throws(TripServiceError)
        -> String
    {
        var patch = DeliveryTask()
        patch.taskOutcome = outcome
        patch.taskOutcomeTime = ProtoTimestamp(now())
        let updated = try await client.updateTask(
            patch, name: taskName(id), updateMask: ["taskOutcome", "taskOutcomeTime"])
        snapshot.tasks[id] = updated
        return "task \(id) \(outcome.protoName)"
    }

    private func sendStops(_ stops: [VehicleStop]) async throws(TripServiceError) {
        var patch = DeliveryVehicle()
        patch.remainingVehicleJourneySegments = stops.map { VehicleJourneySegment(stop: $0) }
        snapshot.vehicle = try await client.updateDeliveryVehicle(
            patch, name: vehicleName, updateMask: ["remainingVehicleJourneySegments"])
    }

    /// Reads the tasks of the next few stops (the console lists the next one's).
    private func readTasks() async throws(TripServiceError) {
        for info in snapshot.stops.prefix(3).flatMap(\.tasks) {
            snapshot.tasks[info.taskId] = try await client.getTask(taskName(info.taskId))
        }
    }

    // MARK: Guidance

    /// Routes from `position` to the first stop and hands the progress to the reporter.
    @discardableResult
    private func navigate(to position: LatLng) async -> RouteProgress? {
        // While the vehicle waits at a stop, the stop is still where it is bound.
        guard
            let progress = guidance.update(
                position: position, destination: snapshot.stops.first.map(Self.waypoint),
                keepingDestination: pendingCompletion != nil)
        else { return nil }
        snapshot.progress = progress
        await reporter.updateRouteProgress(progress)
        return progress
    }

    /// A stop as the navigator's destination, told apart from others at the same place by its first task.
    static func waypoint(_ stop: VehicleStop) -> TripWaypoint {
        TripWaypoint(
            location: stop.plannedLocation?.point.map { TerminalLocation(point: $0) },
            tripId: stop.tasks.first?.taskId ?? "", waypointType: .dropOffWaypointType)
    }

    private func note(_ body: @Sendable () async throws -> String) async {
        do {
            notes(try await body())
        } catch {
            notes(TripDriver.describe(error))
        }
    }

    private func taskName(_ id: String) throws(TripServiceError) -> TaskName {
        do {
            return try TaskName(provider: vehicleName.provider, taskID: id)
        } catch {
            throw TripServiceError(code: .invalidArgument, message: "task id \"\(id)\": \(error)")
        }
    }
}
