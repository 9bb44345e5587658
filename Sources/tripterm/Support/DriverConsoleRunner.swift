import DriverKit
import FleetModel
import Foundation
import TerminalUI

/// The console of `tripterm driver` on a terminal: starts reporting, runs the ``DriverConsoleApp`` until the user
/// quits, then stops the source and sends the final OFFLINE update.
enum DriverConsoleRunner {
    static func run(
        session: DriverSession, reporter: VehicleReporter, source: any LocationSource, display: DisplayOptions,
        log: DriverConsoleLog, backend: String
    ) async throws {
        guard isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure("standard input must be a terminal for the console's keys: use --headless")
        }
        let baseMap = try display.baseMap()
        await reporter.addListener(log)
        await reporter.updateVehicleState(.online)
        await reporter.setLocationTrackingEnabled(true)
        await session.refresh()
        let driving = Task {
            do {
                try await session.drive(source)
                log.append("location source ended")
            } catch is CancellationError {
            } catch {
                log.append("location source failed: \(error)")
            }
        }
        let refreshing = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(5))
                await session.refresh()
            }
        }
        let name = session.vehicleName.description
        try await TerminalGuard.run(options: display.terminalOptions) { terminal in
            let app = DriverConsoleApp(
                terminal: terminal,
                options: display.appOptions(colors: terminal.colorCount, isUTF8: terminal.isUTF8, baseMap: baseMap),
                snapshot: { await state(session: session, reporter: reporter, log: log, name: name, backend: backend) },
                perform: { await perform($0, session: session, reporter: reporter, log: log) })
            await app.run()
        }
        driving.cancel()
        refreshing.cancel()
        _ = await driving.value
        await reporter.setLocationTrackingEnabled(false)
        let s = await reporter.statistics
        print("tripterm driver: \(s.attempts) updates, \(s.successes) ok, \(s.failures + s.emptyMaskFailures) failed; vehicle set OFFLINE")
    }

    static func perform(
        _ action: DriverConsoleAction, session: DriverSession, reporter: VehicleReporter, log: DriverConsoleLog
    ) async -> String {
        let text: String
        switch action {
        case .toggleOnline, .toggleTracking:
            return await performReporterAction(action, reporter: reporter, log: log)
        case .advanceTrip:
            text = await session.advanceTrip()
            await session.refresh()
        case .cancelTrip:
            text = await session.cancelTrip()
            await session.refresh()
        }
        log.append(text)
        return text
    }

    /// Going online or offline and tracking on or off: what the reporter does, logged.
    static func performReporterAction(_ action: DriverConsoleAction, reporter: VehicleReporter, log: DriverConsoleLog) async -> String {
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
        case .advanceTrip, .cancelTrip:
            text = "not a reporter action"
        }
        log.append(text)
        return text
    }

    static func state(
        session: DriverSession, reporter: VehicleReporter, log: DriverConsoleLog, name: String, backend: String
    ) async -> DriverConsoleState {
        var state = DriverConsoleState(vehicleName: name, backend: backend)
        let fix = await session.fix
        let progress = await session.progress
        let vehicle = await session.vehicle
        fillGuidance(&state, fix: fix, progress: progress)
        for waypoint in vehicle.waypoints {
            guard let point = waypoint.location?.point else { continue }
            switch waypoint.waypointType {
            case .pickupWaypointType where state.pickup == nil: state.pickup = point
            case .dropOffWaypointType where state.dropoff == nil: state.dropoff = point
            case .intermediateDestinationWaypointType: state.intermediateStops.append(point)
            default: break
            }
        }
        if let next = vehicle.waypoints.first {
            let kind = switch next.waypointType {
            case .pickupWaypointType: "pickup"
            case .dropOffWaypointType: "dropoff"
            case .intermediateDestinationWaypointType: "stop"
            default: "waypoint"
            }
            state.nextStop = "\(kind) of \(next.tripId)"
        }
        state.trips = await session.trips.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.tripStatus.protoName)" }
        await fillReporter(&state, reporter: reporter, log: log, fallbackState: vehicle.vehicleState)
        return state
    }

    /// Where the car is and the guidance to its next stop.
    static func fillGuidance(_ state: inout DriverConsoleState, fix: LocationFix?, progress: RouteProgress?) {
        state.position = fix?.coordinate
        state.heading = fix?.heading
        state.speed = fix?.speed
        state.activeRoute = progress?.remainingPath ?? []
        state.navigationStatus = progress?.navigationStatus.protoName
        state.remainingMeters = progress?.remainingDistanceMeters
        state.remainingSeconds = progress?.remainingTimeSeconds
    }

    /// The reporter's part of the console: state, tracking, update counts, last success and failure, the log.
    static func fillReporter(
        _ state: inout DriverConsoleState, reporter: VehicleReporter, log: DriverConsoleLog, fallbackState: VehicleState
    ) async {
        state.vehicleState = (await reporter.vehicleState ?? fallbackState).protoName
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
}
