import FleetModel
import Foundation

/// How task reads get the itineraries and shipments they derive answers from: the ``DeliveryReadCache``'s when it
/// has them, else read in the read's transaction and derived — and then kept once the read is over, unless a write
/// changed them since it began. The rule is race-sensitive, so it is written once, here.
extension FleetMethods {
    /// Runs `body` in a read of `provider`'s rows, its ``DeliveryReads`` taking from and filling the cache.
    func readingDeliveries<T: Sendable>(
        provider: String, _ body: @escaping @Sendable (inout DeliveryReads) throws -> T
    ) async throws -> T {
        let (progress, cache) = (deliveryProgress, store.deliveryReads)
        // Read before the read's snapshot: what a write forgets after this cannot be kept from it.
        let (value, computed, generation) = try await store.read(after: { cache.generation }) { generation, tx in
            var reads = DeliveryReads(provider: provider, source: .store(tx, cache: cache), progress: progress)
            let value = try body(&reads)
            return (value, reads.computed, generation)
        }
        cache.keep(computed, provider: provider, computedAt: generation)
        return value
    }

    /// The task a shipment's tracking info is about and its van's itinerary, from memory alone (nil when memory
    /// lacks part of them, no task has the tracking id, or a write changed them meanwhile); a journey it derived
    /// after a report is kept for the van's other shipments.
    func trackedInMemory(_ name: TaskTrackingInfoName) -> (task: DeliveryTask, on: Itinerary?)? {
        let cache = store.deliveryReads
        // Before the reads: values from both sides of a write must not be mixed.
        let generation = cache.generation
        var reads = DeliveryReads(provider: name.provider, source: .memory(cache), progress: deliveryProgress)
        guard let tracked = try? reads.trackedTask(trackingID: name.trackingID), cache.generation == generation
        else { return nil }
        cache.keep(reads.computed, provider: name.provider, computedAt: generation)
        return tracked
    }

    /// GetTaskTrackingInfo's answer computed now from memory alone (``trackedInMemory(_:)``), without waiting, and
    /// kept in the ``AnswerCache``: for the fast path (``PollFastPath``), on the connection's event loop. Nil when
    /// memory cannot give it: the ordinary path then answers, and fills the cache. The caller has checked that
    /// `principal` may read the shipment.
    func liveShipmentAnswer(
        _ name: TaskTrackingInfoName, now: ProtoTimestamp, cacheKey key: String, options: ProtoJSONEncodingOptions
    ) -> Data? {
        // Before the reads: an answer from before a write must not be kept after it.
        let generation = store.answers.generation
        guard let tracked = trackedInMemory(name),
            let json = try? TaskTrackingAnswer(
                tracked.task, name: name, on: tracked.on, now: now, progress: deliveryProgress
            ).json(options: options)
        else { return nil }
        let body = Data(json)
        store.answers.store(
            .init(body: body, assignedVehicle: "", second: now.seconds), for: key, computedAt: generation)
        return body
    }
}

/// A read's itineraries and shipments, from the ``DeliveryReadCache`` or derived from its transaction (what it
/// derived is in `computed`); a write's, from its own transaction only, as it holds what the write changed.
struct DeliveryReads {
    enum Source {
        /// A read: the cache first.
        case store(FleetTransaction, cache: DeliveryReadCache)
        /// A write: its transaction only.
        case write(FleetTransaction)
        /// The fast path: the cache only; a miss throws ``NotInMemory``.
        case memory(DeliveryReadCache)
    }

    struct NotInMemory: Error {}

    let provider: String
    let source: Source
    let progress: DeliveryProgress
    /// What was read and derived here rather than found in the cache.
    private(set) var computed = DeliveryReadCache.Computed()

    init(provider: String, source: Source, progress: DeliveryProgress) {
        self.provider = provider
        self.source = source
        self.progress = progress
    }

    private var cache: DeliveryReadCache? {
        switch source {
        case .store(_, let cache), .memory(let cache): cache
        case .write: nil
        }
    }

    /// The transaction rows are read in; none on the fast path.
    func transaction() throws -> FleetTransaction {
        switch source {
        case .store(let tx, _), .write(let tx): tx
        case .memory: throw NotInMemory()
        }
    }

    /// The itinerary of delivery vehicle `vehicleID`: nil when there is none, or the id is empty.
    mutating func itinerary(vehicleID: String) throws -> Itinerary? {
        guard !vehicleID.isEmpty, let name = try? DeliveryVehicleName(provider: provider, vehicleID: vehicleID)
        else { return nil }
        if let known = computed.itineraries[vehicleID] { return known }
        switch cache?.van(provider: provider, vehicleID: vehicleID) {
        case .ready(let itinerary)?:
            return itinerary
        case .reported(let vehicle, let tasks)?:
            // Reported since: the tasks are as kept, the journey is derived anew — not on an event loop when that
            // means driving legs on the road map (an A* search each): a read does it then.
            if case .memory = source, progress.estimator.roads != nil { throw NotInMemory() }
            let itinerary = progress.itinerary(of: vehicle, tasks: tasks)
            computed.itineraries[vehicleID] = itinerary
            return itinerary
        case nil:
            break
        }
        let tx = try transaction()
        guard let vehicle = try tx.deliveryVehicle(name) else { return nil }
        let itinerary = progress.itinerary(of: vehicle, tasks: try tx.openTasks(of: name))
        computed.itineraries[vehicleID] = itinerary
        if cache != nil { try noteShipments(on: itinerary, in: tx) }
        return itinerary
    }

    /// Every delivery vehicle of the provider with its itinerary, and every shipment, in one read
    /// (``DeliveryReadCache/warmOnce(provider:_:)``) — when the provider's tasks fill at most half the cache; nothing
    /// otherwise.
    mutating func readAll() throws {
        let tx = try transaction()
        guard try tx.taskCount(provider: provider) <= DeliveryReadCache.capacity / 2 else { return }
        var open: [String: [String: DeliveryTask]] = [:]
        // In id order: so are a shipment's tasks.
        for task in try tx.tasks(provider: provider) {
            if !task.trackingId.isEmpty { computed.shipments[task.trackingId, default: []].append(task) }
            if task.state == .open, !task.deliveryVehicleId.isEmpty {
                open[task.deliveryVehicleId, default: [:]][TaskService.id(task)] = task
            }
        }
        for vehicle in try tx.deliveryVehicles(provider: provider) {
            let id = ResourceID.last(in: vehicle.name)
            computed.itineraries[id] = progress.itinerary(of: vehicle, tasks: open[id] ?? [:])
        }
    }

    /// Notes the shipments all of whose tasks are OPEN on the van just read, from its itinerary: one index lookup
    /// rather than a read and a decode at each shipment's first poll. A depot's cold start polls a van's fifty
    /// shipments at once.
    private mutating func noteShipments(on itinerary: Itinerary, in tx: FleetTransaction) throws {
        let tracked = Dictionary(grouping: itinerary.tasks.values.filter { !$0.trackingId.isEmpty }, by: \.trackingId)
        guard !tracked.isEmpty else { return }
        let counts = try tx.taskCounts(provider: provider, trackingIDs: Array(tracked.keys))
        for (trackingID, tasks) in tracked where counts[trackingID] == tasks.count {
            // In id order, as the store gives them (SQLite compares text by its UTF-8 bytes).
            computed.shipments[trackingID] = tasks.sorted {
                TaskService.id($0).utf8.lexicographicallyPrecedes(TaskService.id($1).utf8)
            }
        }
    }

    /// The tasks of tracking id `trackingID`, in id order.
    mutating func shipment(trackingID: String) throws -> [DeliveryTask] {
        if let known = cache?.shipment(provider: provider, trackingID: trackingID) ?? computed.shipments[trackingID] {
            return known
        }
        let tasks = try transaction().tasks(provider: provider, trackingID: trackingID)
        computed.shipments[trackingID] = tasks
        return tasks
    }

    /// The task a shipment's tracking info is about (``DeliveryProgress/trackedTask(of:vehicles:)``) and its
    /// vehicle's itinerary; nil when no task has the tracking id.
    mutating func trackedTask(trackingID: String) throws -> (task: DeliveryTask, on: Itinerary?)? {
        let candidates = try shipment(trackingID: trackingID)
        var itineraries: [String: Itinerary] = [:]
        for id in Set(candidates.map(\.deliveryVehicleId)) {
            itineraries[id] = try itinerary(vehicleID: id)
        }
        guard let task = DeliveryProgress.trackedTask(of: candidates, vehicles: itineraries.mapValues(\.vehicle))
        else { return nil }
        return (task, itineraries[task.deliveryVehicleId])
    }
}
