import FleetModel

/// Told about every UpdateVehicle call, in order, like the Driver SDK's `VehicleReporterListener`
/// (`onDidSucceed` / `onDidFail`): the driver console's log, the headless printer, tests.
///
/// Calls come one at a time from the reporter and are awaited, so a slow listener delays the next report.
public protocol VehicleReporterListener: AnyObject, Sendable {
    func didSucceed(_ update: VehicleUpdate) async
    /// `error` is classified (its ``ErrorClass`` says whether it heals by itself); the reporter retries with its
    /// newest data at the next interval whatever the class.
    func didFail(_ update: VehicleUpdate, error: TripServiceError) async
}
