import FleetModel

/// What one write wrote to trips and vehicles, in order, for the live indexes to follow (``SearchIndex``), and the
/// delivery vehicles and shipments it changed (``DeliveryReadCache``). Filled by ``FleetTransaction``'s writing
/// methods; a read has none.
final class StoreChanges {
    enum Change {
        case vehicle(provider: String, Vehicle)
        case vehicleDeleted(provider: String, name: String)
        case trip(provider: String, Trip)
        case tripDeleted(provider: String, id: String)

        var provider: String {
            switch self {
            case .vehicle(let provider, _), .vehicleDeleted(let provider, _), .trip(let provider, _),
                .tripDeleted(let provider, _):
                provider
            }
        }
    }

    private(set) var changes: [Change] = []
    /// The delivery vehicles written, deleted, or whose tasks were, and the shipments whose tasks were.
    private(set) var deliveryKeys = DeliveryReadCache.Keys()

    func record(_ change: Change) { changes.append(change) }

    /// The delivery vehicle `vehicleID`'s row replaced by `vehicle`, its tasks untouched (unless recorded apart).
    func recordReport(provider: String, _ vehicleID: String, _ vehicle: DeliveryVehicle) {
        deliveryKeys.reported[DeliveryReadCache.vanKey(provider: provider, vehicleID: vehicleID)] = vehicle
    }

    /// The delivery vehicle `vehicleID` created or deleted, or one of its tasks written; an unassigned task's
    /// (empty id) is none.
    func recordDeliveryVehicle(provider: String, _ vehicleID: String) {
        guard !vehicleID.isEmpty else { return }
        deliveryKeys.vans.insert(DeliveryReadCache.vanKey(provider: provider, vehicleID: vehicleID))
    }

    /// A write to a task of tracking id `trackingID`; a task without one (empty) is none.
    func recordShipment(provider: String, _ trackingID: String) {
        guard !trackingID.isEmpty else { return }
        deliveryKeys.shipments.insert(DeliveryReadCache.shipmentKey(provider: provider, trackingID: trackingID))
    }

    var providers: Set<String> { Set(changes.map(\.provider)) }

    /// The resource names of the vehicles written or deleted.
    var vehicleNames: [String] {
        changes.compactMap { change in
            switch change {
            case .vehicle(_, let vehicle): vehicle.name
            case .vehicleDeleted(_, let name): name
            case .trip, .tripDeleted: nil
            }
        }
    }
}
