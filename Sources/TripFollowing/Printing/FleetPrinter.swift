import FleetModel
import Foundation

/// A fleet subscriber that prints one line per vehicle change — for scripts and `tripterm fleet --headless`.
///
/// Text lines are `TIME  EVENT  VEHICLE  SUMMARY`; with `json` each line is an object
/// `{"time", "event", "vehicle", "stale", "value"}` whose value is the vehicle's Fleet Engine JSON. Events:
/// `appeared`, `changed`, `vanished`, `failed` (with the error's code and class) and `recovered`.
public actor FleetPrinter: FleetTrackerSubscriber {
    public enum Format: Sendable { case text, json }

    private let format: Format
    private let now: @Sendable () -> ProtoTimestamp
    private let write: @Sendable (String) -> Void
    /// Complete listings heard so far.
    public private(set) var listings = 0

    public init(
        format: Format = .text, now: @escaping @Sendable () -> ProtoTimestamp = { ProtoTimestamp(Date()) },
        write: @escaping @Sendable (String) -> Void = HeadlessPrinter.standardOutput
    ) {
        self.format = format
        self.now = now
        self.write = write
    }

    public func fleetTracker(
        _ tracker: FleetTracker, didUpdate fleet: [FleetVehicle], changes update: FleetUpdate
    ) async {
        listings += 1
        for vehicle in update.appeared { emit("appeared", vehicle) }
        for vehicle in update.changed { emit("changed", vehicle) }
        for name in update.vanished { emit("vanished", name: name, stale: nil, summary: "", value: .null) }
    }

    public func fleetTracker(_ tracker: FleetTracker, didFailWithError error: TripServiceError) async {
        var summary = "\(error.code.name) (\(error.errorClass)): \(error.message)"
        var value: [String: JSONValue] = [
            "code": .string(error.code.name), "class": .string(error.errorClass.rawValue),
            "message": .string(error.message),
        ]
        // A listing that broke off after its first page says where, and what happens next.
        if let page = await tracker.lastFailedPage, page > 1 {
            summary += " (page \(page): \(FleetTracker.hint(for: error, page: page)))"
            value["page"] = .number(Double(page))
        }
        emit("failed", name: "", stale: nil, summary: summary, value: .object(value))
    }

    public func fleetTracker(_ tracker: FleetTracker, didRecoverAfter failures: Int, lastError: TripServiceError) async
    {
        emit(
            "recovered", name: "", stale: nil, summary: "after \(Summary.count(failures, "failure"))",
            value: .number(Double(failures)))
    }

    private func emit(_ event: String, _ vehicle: FleetVehicle) {
        let v = vehicle.vehicle
        var parts = [v.vehicleState.protoName]
        if !v.currentTrips.isEmpty { parts.append("trips " + v.currentTrips.joined(separator: ",")) }
        if let location = v.lastLocation { parts.append(Summary.location(location)) }
        if vehicle.isStale { parts.append("stale") }
        emit(
            event, name: v.name, stale: vehicle.isStale, summary: parts.joined(separator: " "),
            value: JSONValue(protoJSONOf: v))
    }

    private func emit(_ event: String, name: String, stale: Bool?, summary: String, value: JSONValue) {
        let time = now().rfc3339
        switch format {
        case .text:
            let columns = [time, event.padding(toLength: 9, withPad: " ", startingAt: 0), name, summary]
            write(columns.filter { !$0.isEmpty }.joined(separator: "  "))
        case .json:
            var object: [String: JSONValue] = ["time": .string(time), "event": .string(event), "value": value]
            if !name.isEmpty { object["vehicle"] = .string(name) }
            if let stale { object["stale"] = .bool(stale) }
            write((try? ProtoJSON.encodeString(JSONValue.object(object))) ?? "{}")
        }
    }
}
