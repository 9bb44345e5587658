import DriverKit
import FleetClient
import FleetModel
import Foundation
import RoadMap

/// One `tripterm driver` run: feeds each fix to the vehicle reporter and the navigator, keeps the vehicle's stops
/// current from the reporter's answers, and moves trips on when asked (the console's keys) or, with
/// `autoAdvance`, when the navigator says the vehicle has arrived.
actor DriverSession {
    let client: FleetEngineClient
    let vehicleName: VehicleName
    let reporter: VehicleReporter
    let autoAdvance: Bool
    private let log: @Sendable (String) -> Void
    /// Finds the road map on the first fix (`--map`, else a bundled map holding the vehicle).
    private var mapLookup: (@Sendable (LatLng) -> RoadGraph?)?
    private(set) var navigator: Navigator?
    private(set) var fix: LocationFix?
    private(set) var progress: RouteProgress?
    /// The vehicle as last read or reported: its state, trips and remaining stops.
    private(set) var vehicle: Vehicle
    /// The trips of the vehicle, as last read.
    private(set) var trips: [String: Trip] = [:]
    private var arrivedAt: TripWaypoint?

    init(
        client: FleetEngineClient, vehicleName: VehicleName, vehicle: Vehicle, reporter: VehicleReporter,
        autoAdvance: Bool, mapLookup: (@Sendable (LatLng) -> RoadGraph?)?, log: @escaping @Sendable (String) -> Void
    ) {
        self.client = client
        self.vehicleName = vehicleName
        self.vehicle = vehicle
        self.reporter = reporter
        self.autoAdvance = autoAdvance
        self.mapLookup = mapLookup
        self.log = log
    }

    /// Feeds every fix of `source` until it ends (or the task is cancelled).
    func drive(_ source: any LocationSource) async throws {
        if autoAdvance { await startAssignedTrips() }
        for try await fix in source.fixes() { await handle(fix) }
    }

    func handle(_ fix: LocationFix) async {
        self.fix = fix
        await reporter.updateLocation(fix)
        if let lookup = mapLookup {
            mapLookup = nil
            navigator = lookup(fix.coordinate).map { Navigator(graph: $0) }
            if navigator == nil { log("no road map holds \(Self.text(fix.coordinate)): reporting without a route") }
        }
        // A reporter answer sent before a trip moved on carries the old stops: only a newer list replaces ours.
        if let response = await reporter.lastResponse,
           (response.waypointsVersion ?? ProtoTimestamp(seconds: 0)) >= (vehicle.waypointsVersion ?? ProtoTimestamp(seconds: 0)) {
            vehicle = response
        }
        guard let progress = await navigate(to: fix.coordinate) else { return }
        if autoAdvance, progress.navigationStatus == .arrivedAtDestination, let stop = progress.destination, stop != arrivedAt {
            arrivedAt = stop
            await arrive(at: stop)
            // On to the next stop (or no guidance after the last) from here, not at the next fix.
            await navigate(to: fix.coordinate)
        }
    }

    /// Routes from `position` to the vehicle's next stop and hands the progress to the reporter.
    @discardableResult
    private func navigate(to position: LatLng) async -> RouteProgress? {
        guard var navigator else { return nil }
        navigator.setDestination(vehicle.waypoints.first)
        let progress = navigator.update(position: position)
        self.navigator = navigator
        self.progress = progress
        await reporter.updateRouteProgress(progress)
        return progress
    }

    /// Re-reads the vehicle and its trips (for the console's trip panel).
    func refresh() async {
        do {
            vehicle = try await client.getVehicle(vehicleName)
            for id in vehicle.currentTrips {
                let name = try TripName(parsing: "providers/\(vehicleName.provider)/trips/\(id)")
                trips[id] = try await client.getTrip(name)
            }
            trips = trips.filter { vehicle.currentTrips.contains($0.key) || $0.value.tripStatus.isTerminal }
        } catch {
            log("refresh failed: \(Self.describe(error))")
        }
    }

    /// The trip the next stop belongs to, else the first assigned trip.
    var currentTripID: String? { vehicle.waypoints.first?.tripId ?? vehicle.currentTrips.first }

    /// Moves the current trip one status on (the console's `n`); returns a line saying what happened.
    @discardableResult
    func advanceTrip() async -> String {
        guard let id = currentTripID else { return "no trip to advance" }
        do {
            let trip = try await client.getTrip(tripName(id))
            guard let step = TripStep.next(after: trip) else { return "trip \(id) is \(trip.tripStatus.protoName) already" }
            return try await apply(step, to: id)
        } catch {
            return "trip \(id): \(Self.describe(error))"
        }
    }

    /// Cancels the current trip (the console's `x`).
    @discardableResult
    func cancelTrip() async -> String {
        guard let id = currentTripID else { return "no trip to cancel" }
        do {
            return try await apply(.cancel, to: id)
        } catch {
            return "trip \(id): \(Self.describe(error))"
        }
    }

    // MARK: Automatic trip progress

    /// NEW trips already assigned to the vehicle start: ENROUTE_TO_PICKUP.
    private func startAssignedTrips() async {
        for id in vehicle.currentTrips {
            guard let trip = try? await client.getTrip(tripName(id)), trip.tripStatus == .new else { continue }
            log((try? await apply(TripStep(status: .enrouteToPickup), to: id)) ?? "trip \(id): could not start")
        }
    }

    /// At a stop: the trip goes to the arrival status of that stop and on to the next leg (or COMPLETE).
    private func arrive(at stop: TripWaypoint) async {
        let arrival: TripStatus = switch stop.waypointType {
        case .pickupWaypointType: .arrivedAtPickup
        case .intermediateDestinationWaypointType: .arrivedAtIntermediateDestination
        default: .complete
        }
        do {
            var trip = try await client.getTrip(tripName(stop.tripId))
            for _ in 0..<4 {
                guard let step = TripStep.next(after: trip) else { break }
                log(try await apply(step, to: stop.tripId))
                trip = try await client.getTrip(tripName(stop.tripId))
                if step.status == arrival {
                    if let leave = TripStep.next(after: trip), arrival != .complete { log(try await apply(leave, to: stop.tripId)) }
                    break
                }
            }
            vehicle = try await client.getVehicle(vehicleName)
        } catch {
            log("trip \(stop.tripId): \(Self.describe(error))")
        }
    }

    private func apply(_ step: TripStep, to id: String) async throws -> String {
        let (patch, mask) = step.update
        let updated = try await client.updateTrip(patch, name: tripName(id), updateMask: mask)
        trips[id] = updated
        if let fresh = try? await client.getVehicle(vehicleName) { vehicle = fresh }
        return "trip \(id) \(updated.tripStatus.protoName)"
    }

    private func tripName(_ id: String) throws -> TripName {
        try TripName(parsing: "providers/\(vehicleName.provider)/trips/\(id)")
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? TripServiceError { return "\(error.code.name) (\(error.errorClass)): \(error.message)" }
        return "\(error)"
    }

    static func text(_ point: LatLng) -> String {
        String(format: "%.5f,%.5f", point.latitude, point.longitude)
    }
}
