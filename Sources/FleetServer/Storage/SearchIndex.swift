import FleetModel
import NIOConcurrencyHelpers

/// SearchVehicles' live index, which GetTrip and UpdateVehicle read too: for each provider searched, polled or
/// reported to at least once, a ``VehicleSearch`` (its vehicles, their active trips and the grid of their
/// positions) that every write keeps current, so a search reads no row and decodes no JSON — reading and decoding
/// 10,000 vehicles per search took far longer than the search — and neither does GetTrip of an active trip
/// (``activeTrip(provider:id:)``) nor a write reading a vehicle (``LiveReads``).
///
/// A provider's index is built on its first use, inside a write transaction so that no write slips between the
/// rows it reads and the changes it then follows. Writes apply their changes (``StoreChanges``) once their batch
/// committed, still in the writer's queue, so in commit order (``GroupCommit``); a batch whose commit fails drops
/// its providers' indexes, to be rebuilt from the database on their next use.
final class SearchIndex: Sendable {
    private let providers = NIOLockedValueBox<[String: VehicleSearch]>([:])

    /// The provider's index as of now, if it has one. A copy: searching it never holds the lock. The copy shares
    /// storage until the next write changes the index, which then copies the provider's index once (linear in its
    /// vehicles; not measured) while the search still holds the old one.
    func current(provider: String) -> VehicleSearch? { providers.withLockedValue { $0[provider] } }

    /// An active trip and its assigned vehicle, as last committed: what GetTrip derives its answer from, read from
    /// memory (``FleetStore/activeTrip(_:)``). Nil when the provider has no index or the trip is not active in it.
    /// Looked up under the lock without copying the index, so a write that follows does not copy it either.
    func activeTrip(provider: String, id: String) -> (trip: Trip, vehicle: Vehicle?)? {
        providers.withLockedValue { indexes -> (Trip, Vehicle?)? in
            guard let index = indexes[provider], let trip = index.activeTrip(id: id) else { return nil }
            // The index keys vehicles by their resource name, which the stored vehicle carries.
            let vehicle =
                trip.vehicleId.isEmpty ? nil : index.vehicle(named: "providers/\(provider)/vehicles/\(trip.vehicleId)")
            return (trip, vehicle)
        }
    }

    /// The provider's vehicle with this resource name as last committed, nil when it has none; nil for the provider
    /// (`.none`) when it has no index.
    func vehicle(provider: String, named name: String) -> Vehicle?? {
        providers.withLockedValue { indexes in indexes[provider].map { $0.vehicle(named: name) } }
    }

    /// Whether the provider has an index now.
    func isIndexed(provider: String) -> Bool { providers.withLockedValue { $0[provider] != nil } }

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
