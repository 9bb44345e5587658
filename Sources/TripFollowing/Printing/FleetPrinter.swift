import FleetModel
import Foundation

/// A fleet subscriber that prints one line per vehicle or task change — for scripts and `tripterm fleet --headless`.
///
/// Text lines are `TIME  EVENT  VEHICLE  SUMMARY` (a delivery vehicle's summary starts `DELIVERY` where an on-demand
/// one's has its state, then its stops and open tasks); with `json` each line is an object
/// `{"time", "event", "vehicle", "kind", "stale", "value"}` whose value is the vehicle's Fleet Engine JSON, and a
/// delivery vehicle's has `stops`, its open task ids stop by stop. Task lines (a tracker with a task list) are
/// `TIME  EVENT  TASK  SUMMARY`, or `{"time", "event", "task", "value"}`. Events: `appeared`, `changed`,
/// `vanished`, `failed` (with the error's code and class) and `recovered`.
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
        for name in update.vanished { emit("vanished", Line(name: name, summary: "", value: .null)) }
    }

    public func fleetTracker(
        _ tracker: FleetTracker, didUpdateTasks tasks: [DeliveryTask], changes: FleetChanges<DeliveryTask>
    ) async {
        for task in changes.appeared { emit("appeared", task) }
        for task in changes.changed { emit("changed", task) }
        for name in changes.vanished { emit("vanished", Line(name: name, key: "task", summary: "", value: .null)) }
    }

    public func fleetTracker(_ tracker: FleetTracker, didFailWithError error: TripServiceError) async {
        var summary = "\(error.code.name) (\(error.errorClass)): \(error.message)"
        var value: [String: JSONValue] = [
            "code": .string(error.code.name), "class": .string(error.errorClass.rawValue),
            "message": .string(error.message),
        ]
        // A listing that broke off after its first page says where, and what happens next.
        if let page = await tracker.lastFailedPage, page > 1 {
            let method = await tracker.lastFailedMethod
            summary += " (page \(page): \(FleetTracker.hint(for: error, page: page, method: method)))"
            value["page"] = .number(Double(page))
        }
        emit("failed", Line(name: "", summary: summary, value: .object(value)))
    }

    public func fleetTracker(_ tracker: FleetTracker, didRecoverAfter failures: Int, lastError: TripServiceError) async
    {
        emit(
            "recovered",
            Line(name: "", summary: "after \(Summary.count(failures, "failure"))", value: .number(Double(failures))))
    }

    public func fleetTracker(_ tracker: FleetTracker, didStopListingDeliveries refusal: TripServiceError) async {
        let value: JSONValue = .object([
            "code": .string(refusal.code.name), "class": .string(refusal.errorClass.rawValue),
            "message": .string(refusal.message),
        ])
        let summary = "delivery vehicles not listed: \(refusal.code.name): \(refusal.message) (on-demand fleet goes on)"
        emit("unlisted", Line(name: "", summary: summary, value: value))
    }

    /// One printed line's parts: the item's name under `key`, and what JSON adds beside the value.
    private struct Line {
        var name: String
        var key = "vehicle"
        var summary: String
        var value: JSONValue
        var extra: [String: JSONValue] = [:]
    }

    private func emit(_ event: String, _ vehicle: FleetVehicle) {
        var parts: [String] = []
        var line = Line(name: vehicle.name, summary: "", value: .null, extra: ["stale": .bool(vehicle.isStale)])
        switch vehicle.listed {
        case .onDemand(let v):
            parts.append(v.vehicleState.protoName)
            if !v.currentTrips.isEmpty { parts.append("trips " + v.currentTrips.joined(separator: ",")) }
            line.value = JSONValue(protoJSONOf: v)
            line.extra["kind"] = .string("on-demand")
        case .delivery(let v, let stops):
            parts.append("DELIVERY")
            parts.append(Summary.count(stops.count, "stop"))
            let tasks = vehicle.openTasks.map { ResourceID.last(in: $0.name) }
            parts.append(tasks.isEmpty ? "no open task" : "tasks " + tasks.joined(separator: ","))
            line.value = JSONValue(protoJSONOf: v)
            line.extra["kind"] = .string("delivery")
            line.extra["stops"] = .array(
                stops.map { stop in .array(stop.tasks.map { .string(ResourceID.last(in: $0.name)) }) })
        }
        if let location = vehicle.lastLocation { parts.append(Summary.location(location)) }
        if vehicle.isStale { parts.append("stale") }
        line.summary = parts.joined(separator: " ")
        emit(event, line)
    }

    private func emit(_ event: String, _ task: DeliveryTask) {
        var parts = [task.type.protoName, task.state.protoName]
        if task.taskOutcome != .taskOutcomeUnspecified { parts.append(task.taskOutcome.protoName) }
        if !task.deliveryVehicleId.isEmpty { parts.append("vehicle " + task.deliveryVehicleId) }
        if !task.trackingId.isEmpty { parts.append("tracking " + task.trackingId) }
        if let point = task.plannedLocation?.point { parts.append(Summary.point(point)) }
        emit(
            event,
            Line(
                name: task.name, key: "task", summary: parts.joined(separator: " "), value: JSONValue(protoJSONOf: task)
            ))
    }

    private func emit(_ event: String, _ line: Line) {
        let time = now().rfc3339
        switch format {
        case .text:
            let columns = [time, event.padding(toLength: 9, withPad: " ", startingAt: 0), line.name, line.summary]
            write(columns.filter { !$0.isEmpty }.joined(separator: "  "))
        case .json:
            var object = line.extra
            object["time"] = .string(time)
            object["event"] = .string(event)
            object["value"] = line.value
            if !line.name.isEmpty { object[line.key] = .string(line.name) }
            write((try? ProtoJSON.encodeString(JSONValue.object(object))) ?? "{}")
        }
    }
}
