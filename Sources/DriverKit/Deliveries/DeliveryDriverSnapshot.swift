import FleetModel

/// What a ``DeliveryDriver`` knows at one moment — the newest fix, the guidance to the next stop, the delivery
/// vehicle with its remaining stops, and the tasks of those stops — as a plain value for consoles and printers.
public struct DeliveryDriverSnapshot: Sendable {
    public var fix: LocationFix?
    public var progress: RouteProgress?
    /// The vehicle as last read or changed: its remaining stops in order.
    public var vehicle: DeliveryVehicle
    /// The tasks of the stops ahead and those closed while driving, by id.
    public var tasks: [String: DeliveryTask] = [:]
    /// Tasks closed while driving, in the order they closed.
    public var closedTaskIDs: [String] = []

    public init(vehicle: DeliveryVehicle) { self.vehicle = vehicle }

    /// The remaining stops, the next first.
    public var stops: [VehicleStop] { vehicle.remainingVehicleJourneySegments.compactMap(\.stop) }

    /// The next stop, said as a driver would: `stop 1 of 6 · ARRIVED · 2 tasks`.
    public var nextStop: String? {
        let stops = stops
        guard let next = stops.first else { return nil }
        let count = next.tasks.count
        return "stop 1 of \(stops.count) · \(next.state.protoName) · \(count) task\(count == 1 ? "" : "s")"
    }

    /// One line per task of the next stop — `t-3 DELIVERY SUCCEEDED` — then the stops after it, each a line.
    public var stopLines: [String] {
        let stops = stops
        guard let next = stops.first else { return [] }
        var lines = next.tasks.map { info in
            let task = tasks[info.taskId]
            let type = task?.type.protoName ?? "task"
            let outcome = task.flatMap { $0.taskOutcome == .taskOutcomeUnspecified ? nil : $0.taskOutcome.protoName }
            return [info.taskId, type, outcome].compactMap { $0 }.joined(separator: " ")
        }
        for (index, stop) in stops.dropFirst().enumerated() {
            lines.append("then stop \(index + 2): \(stop.tasks.map(\.taskId).joined(separator: ", "))")
        }
        return lines
    }

    /// How the closed tasks went: `3 succeeded, 1 failed`.
    public var outcomes: String {
        let closed = closedTaskIDs.compactMap { tasks[$0] }
        let succeeded = closed.filter { $0.taskOutcome == .succeeded }.count
        let failed = closed.filter { $0.taskOutcome == .failed }.count
        return "\(succeeded) succeeded, \(failed) failed"
    }

    /// The first task of the next stop that has no outcome yet.
    var pendingTaskID: String? {
        stops.first?.tasks.map(\.taskId).first {
            (tasks[$0]?.taskOutcome ?? .taskOutcomeUnspecified) == .taskOutcomeUnspecified
        }
    }
}
