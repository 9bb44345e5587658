import FleetModel

/// What changed in the fleet between two complete listings, vehicle by vehicle, in name order.
public struct FleetUpdate: Sendable, Hashable {
    /// Vehicles listed now that were not before.
    public var appeared: [FleetVehicle] = []
    /// Vehicles listed before and now whose data or staleness changed.
    public var changed: [FleetVehicle] = []
    /// Names of vehicles listed before and no longer (deleted, filtered out, out of the viewport).
    public var vanished: [String] = []

    public init(appeared: [FleetVehicle] = [], changed: [FleetVehicle] = [], vanished: [String] = []) {
        self.appeared = appeared
        self.changed = changed
        self.vanished = vanished
    }

    public var isEmpty: Bool { appeared.isEmpty && changed.isEmpty && vanished.isEmpty }
}
