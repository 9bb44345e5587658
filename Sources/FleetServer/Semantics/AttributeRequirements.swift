import FleetModel

/// The attribute restrictions SearchVehicles and ListVehicles share: every one of `all`, at least one of each list
/// in `oneOf`, every one of some set in `sets` — or instead an AIP-160 `filter`. A required attribute matches one
/// with the same key whose value reads the same as a string (``VehicleAttribute/stringValue``).
struct AttributeRequirements: Sendable {
    var all: [VehicleAttribute] = []
    var oneOf: [[VehicleAttribute]] = []
    var sets: [[VehicleAttribute]] = []
    var filter: VehicleAttributeFilter?

    func matches(_ attributes: [VehicleAttribute]) -> Bool {
        if let filter { return filter.matches(attributes) }
        func has(_ wanted: VehicleAttribute) -> Bool {
            attributes.contains { $0.key == wanted.key && $0.stringValue == wanted.stringValue }
        }
        return all.allSatisfy(has) && oneOf.allSatisfy { $0.contains(where: has) }
            && (sets.isEmpty || sets.contains { $0.allSatisfy(has) })
    }
}
