import FleetModel

/// What one write wrote to trips and vehicles, in order, for the live indexes to follow (``SearchIndex``). Filled by
/// ``FleetTransaction``'s writing methods; a read has none.
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

    func record(_ change: Change) { changes.append(change) }

    var providers: Set<String> { Set(changes.map(\.provider)) }
}
