import FleetModel

/// A whole fleet over time, rebuilt from a Cloud Logging export for `tripterm replay EXPORT --fleet`: every state
/// each vehicle was left in by its calls, and the trips it served, so one clock can play them all together.
///
/// ```swift
/// let (fleet, warnings) = try CloudLoggingImporter.fleet(from: data, path: "jump-demo.json")
/// fleet.vehicleNames   // ["providers/sample-project-id/vehicles/sample-vehicle-id"]
/// ```
public struct FleetRecording: Sendable, Equatable {
    /// Where it came from, for people: `Cloud Logging export jump-demo.json`.
    public var source: String
    /// Each vehicle as Fleet Engine kept it after each of its calls, in time order (stable for equal times).
    public var reports: [VehicleReport]
    /// The trips of the export, rebuilt as `tripterm replay` rebuilds them: the rider view of a vehicle's trip.
    public var trips: [TripRecording]
    /// The export's Deliveries API day: its vans and their tasks, replayed beside the on-demand vehicles.
    public var deliveries: DeliveryRecording?

    public init(
        source: String, reports: [VehicleReport], trips: [TripRecording] = [], deliveries: DeliveryRecording? = nil
    ) {
        self.source = source
        self.reports = reports
        self.trips = trips
        self.deliveries = deliveries
    }

    /// Every vehicle's resource name, delivery vans' too, sorted.
    public var vehicleNames: [String] {
        Set(reports.map(\.vehicle.name) + (deliveries?.vans.map(\.name) ?? [])).sorted()
    }

    /// Every time a vehicle or a van was reported at, or a task changed, ascending.
    public var reportTimes: [ProtoTimestamp] {
        (reports.map(\.time) + (deliveries?.changeTimes ?? [])).sorted()
    }

    /// First and last report times, or nil when there are none.
    public var timeSpan: ClosedRange<ProtoTimestamp>? {
        let times = reportTimes
        guard let first = times.first, let last = times.last else { return nil }
        return first...last
    }

    /// The recorded trip with this resource name.
    public func trip(named name: String) -> TripRecording? {
        trips.first { $0.tripName.description == name }
    }
}
