import FleetClient
import FleetModel
import Foundation
import RoadMap

/// Drives a vehicle through its trips' legs, as a driver with the Driver SDK does: every fix goes to the
/// ``VehicleReporter``; a ``Navigator`` guides to the vehicle's next stop (its first `waypoints` entry, which Fleet
/// Engine keeps from its trips); and the trips move on — when asked (``advanceTrip()``, ``cancelTrip()``: the
/// driver app's buttons) or, with ``Options/autoAdvance``, on arriving at each stop: ARRIVED there, then after
/// ``Options/dwell`` on to the next leg, COMPLETE at the dropoff.
///
/// `tripterm driver`, the demo's car and the soak tests all drive through it:
///
/// ```swift
/// let driver = TripDriver(
///     reporter: reporter, vehicleClient: client, tripClient: client, vehicleName: name, vehicle: vehicle,
///     options: .init(autoAdvance: true), roadGraph: { _ in graph })
/// try await driver.drive(SimulatedDrive(path: path, speed: .road(graph)))
/// ```
///
/// Trip statuses are changed through `tripClient`: the driver's own client in `tripterm driver`, the provider's
/// back end in the demo (Fleet Engine leaves trip status to the provider). What happens is told to `notes`, one
/// line each, for a log or a printer.
public actor TripDriver: ConsoleDriver {
    public struct Options: Sendable {
        /// Move trips on by themselves on arriving at each stop.
        public var autoAdvance: Bool
        /// How long a trip stays ARRIVED at a pickup or an intermediate stop before its next leg starts, measured
        /// on `clock` (zero: at once).
        public var dwell: Duration

        public init(autoAdvance: Bool = false, dwell: Duration = .zero) {
            self.autoAdvance = autoAdvance
            self.dwell = dwell
        }
    }

    public nonisolated let vehicleName: VehicleName
    public nonisolated let reporter: VehicleReporter
    let vehicleClient: FleetEngineClient
    let tripClient: FleetEngineClient
    public nonisolated let options: Options
    /// Time on the injected clock since the driver was made: dwells are measured on it.
    private let elapsed: @Sendable () -> Duration
    private let notes: @Sendable (String) -> Void
    /// Guidance on the road map found at the first fix (given, else a bundled map holding the vehicle).
    private var guidance: Guidance
    /// What the driver knows now.
    public private(set) var snapshot: TripDriverSnapshot
    /// The stop arrived at last, so that an arrival is handled once.
    private var arrivedAt: TripWaypoint?
    /// The next leg of a trip that is ARRIVED at a stop, and when it starts.
    private var pendingLeave: (tripID: String, step: TripStep, at: Duration)?

    public init(
        reporter: VehicleReporter, vehicleClient: FleetEngineClient, tripClient: FleetEngineClient,
        vehicleName: VehicleName, vehicle: Vehicle, options: Options = Options(),
        roadGraph: (@Sendable (LatLng) -> RoadGraph?)?, clock: any Clock<Duration> = ContinuousClock(),
        notes: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.vehicleName = vehicleName
        self.reporter = reporter
        self.vehicleClient = vehicleClient
        self.tripClient = tripClient
        self.options = options
        self.guidance = Guidance(roadGraph: roadGraph)
        self.elapsed = Self.stopwatch(clock)
        self.notes = notes
        self.snapshot = TripDriverSnapshot(vehicle: vehicle)
    }

    static func stopwatch<C: Clock>(_ clock: C) -> @Sendable () -> Duration where C.Duration == Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// Feeds every fix of `source` until it ends (or the task is cancelled); with ``Options/autoAdvance`` the
    /// vehicle's NEW trips start first.
    public func drive(_ source: any LocationSource) async throws {
        if options.autoAdvance { await startAssignedTrips() }
        for try await fix in source.fixes() { await handle(fix) }
    }

    /// One fix: reported, guided, and (with ``Options/autoAdvance``) arrivals and departures.
    public func handle(_ fix: LocationFix) async {
        snapshot.fix = fix
        await reporter.updateLocation(fix)
        if let note = guidance.start(at: fix.coordinate) { notes(note) }
        // A reporter answer sent before a trip moved on carries the old stops: only a newer list replaces ours.
        if let response = await reporter.lastResponse, Self.isNewer(response, than: snapshot.vehicle) {
            snapshot.vehicle = response
        }
        if let leave = pendingLeave, elapsed() >= leave.at {
            pendingLeave = nil
            await note { try await self.apply(leave.step, to: leave.tripID) }
        }
        guard let progress = await navigate(to: fix.coordinate) else { return }
        if options.autoAdvance, pendingLeave == nil, progress.navigationStatus == .arrivedAtDestination,
            let stop = progress.destination, stop != arrivedAt
        {
            arrivedAt = stop
            await arrive(at: stop)
            // On to the next stop (or no guidance after the last) from here, not at the next fix.
            await navigate(to: fix.coordinate)
        }
    }

    /// Re-reads the vehicle and its trips (for a console's trip panel); a failure is noted, not thrown.
    public func refresh() async {
        do {
            snapshot.vehicle = try await vehicleClient.getVehicle(vehicleName)
            for id in snapshot.vehicle.currentTrips {
                snapshot.trips[id] = try await vehicleClient.getTrip(tripName(id))
            }
            let current = snapshot.vehicle.currentTrips
            snapshot.trips = snapshot.trips.filter { current.contains($0.key) || $0.value.tripStatus.isTerminal }
        } catch {
            notes("refresh failed: \(Self.describe(error))")
        }
    }

    /// Moves the current trip one status on (the driver app's button); returns a line saying what happened.
    @discardableResult
    public func advanceTrip() async -> String {
        guard let id = snapshot.currentTripID else { return "no trip to advance" }
        do {
            let trip = try await tripClient.getTrip(tripName(id))
            guard let step = TripStep.next(after: trip) else {
                return "trip \(id) is \(trip.tripStatus.protoName) already"
            }
            return try await apply(step, to: id)
        } catch {
            return "trip \(id): \(Self.describe(error))"
        }
    }

    /// Cancels the current trip; returns a line saying what happened.
    @discardableResult
    public func cancelTrip() async -> String {
        guard let id = snapshot.currentTripID else { return "no trip to cancel" }
        do {
            return try await apply(.cancel, to: id)
        } catch {
            return "trip \(id): \(Self.describe(error))"
        }
    }

    // MARK: Automatic trip progress

    /// NEW trips already assigned to the vehicle start (ENROUTE_TO_PICKUP): the driver app's "start" button.
    public func startAssignedTrips() async {
        for id in snapshot.vehicle.currentTrips {
            guard let trip = try? await tripClient.getTrip(tripName(id)), trip.tripStatus == .new else { continue }
            await note { try await self.apply(TripStep(status: .enrouteToPickup), to: id) }
        }
    }

    /// At a stop: the trip steps to the arrival status of that stop, then (after the dwell) to its next leg; at the
    /// dropoff it ends COMPLETE.
    private func arrive(at stop: TripWaypoint) async {
        let arrival: TripStatus =
            switch stop.waypointType {
            case .pickupWaypointType: .arrivedAtPickup
            case .intermediateDestinationWaypointType: .arrivedAtIntermediateDestination
            default: .complete
            }
        do {
            var trip = try await tripClient.getTrip(tripName(stop.tripId))
            // A trip behind the vehicle (still NEW, say) catches up, one allowed step at a time.
            for _ in 0..<4 {
                guard let step = TripStep.next(after: trip) else { break }
                notes(try await apply(step, to: stop.tripId))
                trip = try await tripClient.getTrip(tripName(stop.tripId))
                guard step.status == arrival else { continue }
                if arrival != .complete, let leave = TripStep.next(after: trip) {
                    if options.dwell > .zero {
                        pendingLeave = (stop.tripId, leave, elapsed() + options.dwell)
                    } else {
                        notes(try await apply(leave, to: stop.tripId))
                    }
                }
                break
            }
        } catch {
            notes("trip \(stop.tripId): \(Self.describe(error))")
        }
    }

    /// Routes from `position` to the vehicle's next stop and hands the progress to the reporter.
    @discardableResult
    private func navigate(to position: LatLng) async -> RouteProgress? {
        // While a trip dwells at a stop, the stop is still where the vehicle is bound.
        guard
            let progress = guidance.update(
                position: position, destination: snapshot.vehicle.waypoints.first,
                keepingDestination: pendingLeave != nil)
        else { return nil }
        snapshot.progress = progress
        await reporter.updateRouteProgress(progress)
        return progress
    }

    private func apply(_ step: TripStep, to id: String) async throws -> String {
        let (patch, mask) = step.update
        let updated = try await tripClient.updateTrip(patch, name: tripName(id), updateMask: mask)
        snapshot.trips[id] = updated
        // The vehicle's stops follow its trips: read them again for the guidance.
        await refreshVehicle()
        return "trip \(id) \(updated.tripStatus.protoName)"
    }

    private func note(_ body: @Sendable () async throws -> String) async {
        do {
            notes(try await body())
        } catch {
            notes("\(Self.describe(error))")
        }
    }

    private func refreshVehicle() async {
        if let fresh = try? await vehicleClient.getVehicle(vehicleName) { snapshot.vehicle = fresh }
    }

    private func tripName(_ id: String) throws -> TripName {
        try TripName(parsing: "providers/\(vehicleName.provider)/trips/\(id)")
    }

    static func isNewer(_ response: Vehicle, than vehicle: Vehicle) -> Bool {
        let epoch = ProtoTimestamp(seconds: 0)
        return (response.waypointsVersion ?? epoch) >= (vehicle.waypointsVersion ?? epoch)
    }

    /// A failure as one line: its code and class when it is Fleet Engine's.
    public static func describe(_ error: any Error) -> String {
        if let error = error as? TripServiceError {
            return "\(error.code.name) (\(error.errorClass)): \(error.message)"
        }
        return "\(error)"
    }

    /// A point as `lat,lng` with five decimals (about a metre).
    public static func text(_ point: LatLng) -> String {
        String(format: "%.5f,%.5f", point.latitude, point.longitude)
    }
}
