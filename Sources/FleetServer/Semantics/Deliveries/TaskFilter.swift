import FleetModel

/// ListTasks' `filter`: AIP-160 restrictions on a task's fields and attributes, joined by `AND`, `OR`, `NOT` and
/// parentheses, as ListVehicles' filter is (``VehicleAttributeFilter``, whose grammar this shares):
/// `state = OPEN AND delivery_vehicle_id = "van-1"`, `type = DELIVERY OR attributes.fragile = "true"`.
///
/// The fields are those the JavaScript SDK's task filters and Google's find-tasks guide use — `type`, `state`,
/// `task_outcome`, `delivery_vehicle_id`, `tracking_id` — spelt in snake_case (AIP-160) or lowerCamelCase. Enums
/// compare by name (`OPEN`, `TASK_OUTCOME_UNSPECIFIED`), everything as strings; an empty filter lists every task.
struct TaskFilter: Sendable {
    /// Each filterable field, by both spellings, and its value on a task.
    static let fields: [String: @Sendable (DeliveryTask) -> String] = {
        let byName: [(String, String, @Sendable (DeliveryTask) -> String)] = [
            ("type", "type", { $0.type.protoName }),
            ("state", "state", { $0.state.protoName }),
            ("task_outcome", "taskOutcome", { $0.taskOutcome.protoName }),
            ("delivery_vehicle_id", "deliveryVehicleId", { $0.deliveryVehicleId }),
            ("tracking_id", "trackingId", { $0.trackingId }),
        ]
        var fields: [String: @Sendable (DeliveryTask) -> String] = [:]
        for (snake, camel, value) in byName {
            fields[snake] = value
            fields[camel] = value
        }
        return fields
    }()

    let expression: VehicleAttributeFilter.Expression?

    /// Parses `text`; errors are INVALID_ARGUMENT naming the 1-based position and what was expected.
    init(parsing text: String) throws(FleetError) {
        guard !text.allSatisfy(\.isWhitespace) else {
            expression = nil
            return
        }
        var parser = VehicleFilterParser(text, fields: Set(Self.fields.keys))
        expression = try parser.parse()
    }

    func matches(_ task: DeliveryTask) -> Bool {
        guard let expression else { return true }
        return VehicleAttributeFilter.evaluate(expression) { key, isField in
            if isField { return Self.fields[key]?(task) }
            return task.attributes.first(where: { $0.key == key }).map(TaskService.text)
        }
    }
}
