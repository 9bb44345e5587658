/// What a driver console drives, for trips (``TripDriver``) or deliveries (``DeliveryDriver``): a vehicle whose fixes
/// go to a reporter, and which the console re-reads every few seconds for its panel.
public protocol ConsoleDriver: Actor {
    nonisolated var reporter: VehicleReporter { get }
    /// Feeds every fix of `source` until it ends or the task is cancelled.
    func drive(_ source: any LocationSource) async throws
    /// Re-reads what the panel shows; a failure is noted, not thrown.
    func refresh() async
}
