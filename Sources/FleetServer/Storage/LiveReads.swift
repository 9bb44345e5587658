import FleetModel

/// What a write in a ``GroupCommit`` batch may read from memory rather than from its rows: the vehicles of the
/// providers with a live index (``SearchIndex``). Between batches the index is what the database holds — it follows
/// each batch once committed, and a failed batch drops it — so a vehicle read from it is the stored one, unless a
/// write earlier in the batch, or this write itself, changed it since: those are read from the database, which has
/// their uncommitted changes. UpdateVehicle, a driver's every report, then reads no row and decodes no JSON before
/// writing its vehicle back.
struct LiveReads {
    let index: SearchIndex
    /// Vehicles (resource names) that writes earlier in the batch changed.
    let changedInBatch: Set<String>

    /// The vehicle as stored — nil when there is none — or `.none` when it must be read from the database.
    func vehicle(_ name: VehicleName, unlessChangedIn own: StoreChanges?) -> Vehicle?? {
        let key = name.description
        guard !changedInBatch.contains(key), !(own?.vehicleNames.contains(key) ?? false) else { return .none }
        return index.vehicle(provider: name.provider, named: key)
    }
}
