import DriverKit
import FleetModel
import TerminalUI

/// What the demo's driver knows — the newest fix, the guidance to the next stop, the trip's status — for the
/// driver console view (Tab in the demo). The demo's driver drives itself, so only the reporter's keys act.
actor DemoDriverView {
    let vehicleName: VehicleName
    let tripID: String
    private var fix: LocationFix?
    private var progress: RouteProgress?
    private var status: TripStatus = .new
    private var stops: (pickup: LatLng?, dropoff: LatLng?, intermediate: [LatLng]) = (nil, nil, [])

    init(vehicleName: VehicleName, tripID: String) {
        self.vehicleName = vehicleName
        self.tripID = tripID
    }

    func moved(_ fix: LocationFix, progress: RouteProgress) {
        self.fix = fix
        self.progress = progress
    }

    func tripStatus(_ status: TripStatus) { self.status = status }

    func trip(pickup: LatLng, dropoff: LatLng, intermediate: [LatLng]) { stops = (pickup, dropoff, intermediate) }

    func consoleState(reporter: VehicleReporter, log: DriverConsoleLog, backend: String) async -> DriverConsoleState {
        var state = DriverConsoleState(vehicleName: vehicleName.description, backend: backend)
        DriverConsoleRunner.fillGuidance(&state, fix: fix, progress: progress)
        state.pickup = stops.pickup
        state.dropoff = stops.dropoff
        state.intermediateStops = stops.intermediate
        if let kind = Self.nextStop(for: status) { state.nextStop = "\(kind) of \(tripID)" }
        state.trips = ["\(tripID) \(status.protoName)"]
        await DriverConsoleRunner.fillReporter(&state, reporter: reporter, log: log, fallbackState: .online)
        return state
    }

    /// The console's keys: the reporter's work as in `tripterm driver`; the trip is the demo's to drive.
    func perform(_ action: DriverConsoleAction, reporter: VehicleReporter, log: DriverConsoleLog) async -> String {
        switch action {
        case .toggleOnline, .toggleTracking:
            return await DriverConsoleRunner.performReporterAction(action, reporter: reporter, log: log)
        case .advanceTrip, .cancelTrip:
            return "the demo drives the trip itself: use tripterm driver to drive one by hand"
        }
    }

    static func nextStop(for status: TripStatus) -> String? {
        switch status {
        case .new, .enrouteToPickup, .arrivedAtPickup: "pickup"
        case .enrouteToIntermediateDestination, .arrivedAtIntermediateDestination: "stop"
        case .enrouteToDropoff: "dropoff"
        default: nil
        }
    }
}
