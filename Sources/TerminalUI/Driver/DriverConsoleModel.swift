import DriverKit
import FleetModel

/// What links the driver console to a driver — ``TripConsoleModel`` for trips, ``DeliveryConsoleModel`` for
/// deliveries: each frame's ``DriverConsoleState`` is read from the driver, its reporter and its log, and the
/// console's keys are carried out on them — so the screen itself stays a pure function of plain values.
public protocol DriverConsoleModel: Sendable {
    /// The vehicle's driver, which the console's runner feeds with fixes.
    var consoleDriver: any ConsoleDriver { get }
    var log: DriverLog { get }
    var backend: String { get }
    /// The console's state now.
    func state() async -> DriverConsoleState
    /// Carries out a key's action and returns the line the console shows (also logged).
    func perform(_ action: DriverConsoleAction) async -> String
}

extension DriverConsoleModel {
    /// The reporter's part of the state: tracking, how the updates went, the log.
    func addReporterState(to state: inout DriverConsoleState, fix: LocationFix?, progress: RouteProgress?) async {
        state.position = fix?.coordinate
        state.heading = fix?.heading
        state.speed = fix?.speed
        state.activeRoute = progress?.remainingPath ?? []
        state.navigationStatus = progress?.navigationStatus.protoName
        state.remainingMeters = progress?.remainingDistanceMeters
        state.remainingSeconds = progress?.remainingTimeSeconds
        let reporter = consoleDriver.reporter
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
    }

    /// `t`: tracking on (the vehicle ONLINE first) or off (the reporter's final update, OFFLINE for an on-demand
    /// vehicle).
    func toggleTracking() async -> String {
        let reporter = consoleDriver.reporter
        let enabled = await !reporter.isLocationTrackingEnabled
        if enabled { await reporter.updateVehicleState(.online) }
        await reporter.setLocationTrackingEnabled(enabled)
        if enabled { return "tracking on" }
        return reporter.reported.goesOfflineWhenTrackingStops ? "tracking off: vehicle OFFLINE" : "tracking off"
    }
}
