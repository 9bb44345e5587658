import DriverKit
import FleetModel

/// The console of a delivery vehicle's ``DeliveryDriver``: its stops on the map (the next one as the destination),
/// the next stop's tasks with their outcomes, and `n`/`x` moving the stop on or failing a task. A delivery vehicle has
/// no ONLINE/OFFLINE state in Fleet Engine, so `o` says so.
public struct DeliveryConsoleModel: DriverConsoleModel {
    public let driver: DeliveryDriver
    public let log: DriverLog
    public let backend: String
    /// Whether `n` and `x` move the stops on (`tripterm driver`) or the van drives itself (the demo).
    public let stopKeys: Bool

    public init(driver: DeliveryDriver, log: DriverLog, backend: String, stopKeys: Bool) {
        self.driver = driver
        self.log = log
        self.backend = backend
        self.stopKeys = stopKeys
    }

    public var consoleDriver: any ConsoleDriver { driver }

    public func state() async -> DriverConsoleState {
        let snapshot = await driver.snapshot
        var state = DriverConsoleState(vehicleName: driver.vehicleName.description, backend: backend)
        state.kind = .deliveries
        await addReporterState(to: &state, fix: snapshot.fix, progress: snapshot.progress)
        let points = snapshot.stops.compactMap { $0.plannedLocation?.point }
        state.dropoff = points.first
        state.intermediateStops = Array(points.dropFirst())
        state.nextStop = snapshot.nextStop
        state.jobs = snapshot.stopLines
        state.summary = snapshot.closedTaskIDs.isEmpty ? nil : "done: \(snapshot.outcomes)"
        return state
    }

    public func perform(_ action: DriverConsoleAction) async -> String {
        let text: String
        switch action {
        case .toggleOnline:
            return "a delivery vehicle has no ONLINE/OFFLINE state: t stops or starts reporting"
        case .toggleTracking:
            text = await toggleTracking()
        case .advance where stopKeys:
            text = await driver.advanceStop()
        case .cancel where stopKeys:
            text = await driver.failTask()
        case .advance, .cancel:
            return "the demo drives the van itself: use tripterm driver --delivery-vehicle to drive one by hand"
        }
        await driver.refresh()
        log.append(text)
        return text
    }
}
