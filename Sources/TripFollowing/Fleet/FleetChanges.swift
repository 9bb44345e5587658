import FleetModel

/// Something a fleet listing holds, known by its resource name: a vehicle of either kind, a task.
public protocol FleetListed: Sendable, Hashable {
    var name: String { get }
}

extension FleetVehicle: FleetListed {}
extension DeliveryTask: FleetListed {}

/// What changed between two complete listings, item by item, in name order: the fleet's vehicles
/// (``FleetUpdate``) or its tasks.
public struct FleetChanges<Item: FleetListed>: Sendable, Hashable {
    /// Items listed now that were not before.
    public var appeared: [Item] = []
    /// Items listed before and now whose data (or, for vehicles, staleness) changed.
    public var changed: [Item] = []
    /// Names of items listed before and no longer (deleted, filtered out, out of the viewport).
    public var vanished: [String] = []

    public init(appeared: [Item] = [], changed: [Item] = [], vanished: [String] = []) {
        self.appeared = appeared
        self.changed = changed
        self.vanished = vanished
    }

    public var isEmpty: Bool { appeared.isEmpty && changed.isEmpty && vanished.isEmpty }

    /// The changes from listing `old` to `new`, both by name.
    public static func between(_ old: [String: Item], _ new: [String: Item]) -> FleetChanges {
        var changes = FleetChanges()
        for name in new.keys.sorted() {
            guard let now = new[name] else { continue }
            if let before = old[name] {
                if before != now { changes.changed.append(now) }
            } else {
                changes.appeared.append(now)
            }
        }
        changes.vanished = old.keys.filter { new[$0] == nil }.sorted()
        return changes
    }
}

/// What changed in the fleet's vehicles between two complete listings.
public typealias FleetUpdate = FleetChanges<FleetVehicle>
