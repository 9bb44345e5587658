import FleetModel
import NIOConcurrencyHelpers

/// SearchVehicles' live index: for each provider searched at least once, a ``VehicleSearch`` (its vehicles, their
/// active trips and the grid of their positions) that every write keeps current, so a search reads no row and
/// decodes no JSON — reading and decoding 10,000 vehicles per search took far longer than the search.
///
/// A provider's index is built on its first search, inside a write transaction so that no write slips between the
/// rows it reads and the changes it then follows. Writes apply their changes (``StoreChanges``) once their batch
/// committed, still in the writer's queue, so in commit order (``GroupCommit``); a batch whose commit fails drops
/// its providers' indexes, to be rebuilt from the database on their next search.
final class SearchIndex: Sendable {
    private let providers = NIOLockedValueBox<[String: VehicleSearch]>([:])

    /// The provider's index as of now, if it has one. A copy: searching it never holds the lock. The copy shares
    /// storage until the next write changes the index, which then copies the provider's index once (linear in its
    /// vehicles; not measured) while the search still holds the old one.
    func current(provider: String) -> VehicleSearch? { providers.withLockedValue { $0[provider] } }

    func install(_ search: VehicleSearch, provider: String) {
        providers.withLockedValue { $0[provider] = search }
    }

    /// Follows one transaction's writes, for the providers that have an index.
    func apply(_ changes: StoreChanges) {
        guard !changes.changes.isEmpty else { return }
        providers.withLockedValue { indexes in
            for change in changes.changes where indexes[change.provider] != nil {
                switch change {
                case .vehicle(let provider, let vehicle): indexes[provider]?.update(vehicle)
                case .vehicleDeleted(let provider, let name): indexes[provider]?.removeVehicle(named: name)
                case .trip(let provider, let trip): indexes[provider]?.update(trip)
                case .tripDeleted(let provider, let id): indexes[provider]?.removeTrip(id: id)
                }
            }
        }
    }

    /// Drops these providers' indexes (their writes may not have been committed).
    func forget(_ names: Set<String>) {
        guard !names.isEmpty else { return }
        providers.withLockedValue { indexes in for name in names { indexes[name] = nil } }
    }
}
