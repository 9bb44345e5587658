import DriverKit
import FleetModel

/// What links the driver console to a ``TripDriver``: each frame's ``DriverConsoleState`` is read from the driver,
/// its reporter and its log, and the console's keys are carried out on them — so the screen itself stays a pure
/// function of plain values.
public struct DriverConsoleModel: Sendable {
    public let driver: TripDriver
    public let log: DriverLog
    public let backend: String
    /// Whether `n` and `x` move the trip on (`tripterm driver`) or the trips drive themselves (the demo).
    public let tripKeys: Bool

    public init(driver: TripDriver, log: DriverLog, backend: String, tripKeys: Bool) {
        self.driver = driver
        self.log = log
        self.backend = backend
        self.tripKeys = tripKeys
    }

    /// The console's state now.
    public func state() async -> DriverConsoleState {
        let snapshot = await driver.snapshot
        var state = DriverConsoleState(vehicleName: driver.vehicleName.description, backend: backend)
        state.position = snapshot.fix?.coordinate
        state.heading = snapshot.fix?.heading
        state.speed = snapshot.fix?.speed
        state.activeRoute = snapshot.progress?.remainingPath ?? []
        state.navigationStatus = snapshot.progress?.navigationStatus.protoName
        state.remainingMeters = snapshot.progress?.remainingDistanceMeters
        state.remainingSeconds = snapshot.progress?.remainingTimeSeconds
        for waypoint in snapshot.vehicle.waypoints {
            guard let point = waypoint.location?.point else { continue }
            switch waypoint.waypointType {
            case .pickupWaypointType where state.pickup == nil: state.pickup = point
            case .dropOffWaypointType where state.dropoff == nil: state.dropoff = point
            case .intermediateDestinationWaypointType: state.intermediateStops.append(point)
            default: break
            }
        }
        state.nextStop = snapshot.nextStop
        state.trips = snapshot.trips.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.tripStatus.protoName)" }
        let reporter = driver.reporter
        state.vehicleState = (await reporter.vehicleState ?? snapshot.vehicle.vehicleState).protoName
        state.trackingEnabled = await reporter.isLocationTrackingEnabled
        let statistics = await reporter.statistics
        state.updateAttempts = statistics.attempts
        state.updateSuccesses = statistics.successes
        state.updateFailures = statistics.failures + statistics.emptyMaskFailures
        state.lastSuccess = log.lastSuccess
        if let failure = log.lastFailure {
            state.lastFailure = failure.text
            state.lastFailureIsRecoverable = failure.recoverable
        }
        state.log = Array(log.lines.suffix(DriverConsoleScreen.logRowsShown))
        return state
    }

    /// Carries out a key's action and returns the line the console shows (also logged).
    public func perform(_ action: DriverConsoleAction) async -> String {
        let reporter = driver.reporter
        let text: String
        switch action {
        case .toggleOnline:
            let next: VehicleState = await reporter.vehicleState == .online ? .offline : .online
            await reporter.updateVehicleState(next)
            let tracking = await reporter.isLocationTrackingEnabled
            text = "vehicle \(next.protoName)" + (next == .online && !tracking ? " (sent when tracking is on)" : "")
        case .toggleTracking:
            let enabled = await !reporter.isLocationTrackingEnabled
            if enabled { await reporter.updateVehicleState(.online) }
            await reporter.setLocationTrackingEnabled(enabled)
            text = enabled ? "tracking on" : "tracking off: vehicle OFFLINE"
        case .advanceTrip where tripKeys:
            text = await driver.advanceTrip()
            await driver.refresh()
        case .cancelTrip where tripKeys:
            text = await driver.cancelTrip()
            await driver.refresh()
        case .advanceTrip, .cancelTrip:
            return "the demo drives the trip itself: use tripterm driver to drive one by hand"
        }
        log.append(text)
        return text
    }
}
