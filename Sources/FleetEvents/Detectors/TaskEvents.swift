import FleetModel

/// `task-outcome`: a delivery task's outcome set or changed to SUCCEEDED or FAILED (Google's reference solution
/// passes only unset → set; a changed outcome is reported too, since a backend billing on it needs to know).
public enum TaskEvents {
    public static func detect(before: DeliveryTask?, after: DeliveryTask) -> [DetectedEvent] {
        let old = before?.taskOutcome ?? .taskOutcomeUnspecified
        guard after.taskOutcome != old, after.taskOutcome != .taskOutcomeUnspecified else { return [] }
        var vehicle = ""
        if !after.deliveryVehicleId.isEmpty, let name = try? TaskName(parsing: after.name) {
            vehicle = "providers/\(name.provider)/deliveryVehicles/\(after.deliveryVehicleId)"
        }
        return [
            DetectedEvent(
                kind: .taskOutcome, vehicle: vehicle, task: after.name,
                before: .object(["taskOutcome": .string(old.protoName)]),
                after: .object(["taskOutcome": .string(after.taskOutcome.protoName)]))
        ]
    }
}
