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
    /// Delivery vans kept by reads (``DeliveryReadCache``), the same way: what the database holds between batches.
    let deliveryReads: DeliveryReadCache
    /// Vans (``DeliveryReadCache/vanKey(provider:vehicleID:)``) that writes earlier in the batch touched.
    let vansChangedInBatch: Set<String>

    /// The vehicle as stored — nil when there is none — or `.none` when it must be read from the database.
    func vehicle(_ name: VehicleName, unlessChangedIn own: StoreChanges?) -> Vehicle?? {
        let key = name.description
        guard !changedInBatch.contains(key), !(own?.vehicleNames.contains(key) ?? false) else { return .none }
        return index.vehicle(provider: name.provider, named: key)
    }

    /// The van as stored, with its OPEN tasks, or nil when it must be read from the database (not kept, or touched
    /// in this batch).
    func van(_ name: DeliveryVehicleName, unlessChangedIn own: StoreChanges?) -> DeliveryReadCache.Van? {
        let key = DeliveryReadCache.vanKey(provider: name.provider, vehicleID: name.vehicleID)
        guard !vansChangedInBatch.contains(key) else { return nil }
        if let own = own?.deliveryKeys, own.vans.contains(key) || own.reported[key] != nil { return nil }
        return deliveryReads.van(provider: name.provider, vehicleID: name.vehicleID)
    }
}
