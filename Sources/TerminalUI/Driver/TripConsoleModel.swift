import DriverKit
import FleetModel

/// The console of an on-demand vehicle's ``TripDriver``: its trips and stops, `o` its ONLINE/OFFLINE state, and
/// `n`/`x` moving its current trip on or cancelling it.
public struct TripConsoleModel: DriverConsoleModel {
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

    public var consoleDriver: any ConsoleDriver { driver }

    public func state() async -> DriverConsoleState {
        let snapshot = await driver.snapshot
        var state = DriverConsoleState(vehicleName: driver.vehicleName.description, backend: backend)
        await addReporterState(to: &state, fix: snapshot.fix, progress: snapshot.progress)
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
        state.jobs = snapshot.trips.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.tripStatus.protoName)" }
        state.vehicleState = (await driver.reporter.vehicleState ?? snapshot.vehicle.vehicleState).protoName
        return state
    }

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
            text = await toggleTracking()
        case .advance where tripKeys:
            text = await driver.advanceTrip()
            await driver.refresh()
        case .cancel where tripKeys:
            text = await driver.cancelTrip()
            await driver.refresh()
        case .advance, .cancel:
            return "the demo drives the trip itself: use tripterm driver to drive one by hand"
        }
        log.append(text)
        return text
    }
}
