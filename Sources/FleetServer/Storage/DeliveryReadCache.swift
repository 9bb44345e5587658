import FleetModel
import Foundation
import NIOConcurrencyHelpers

/// What delivery reads derive from rows, as last committed: each delivery vehicle's ``Itinerary`` (the vehicle, its
/// OPEN tasks, its journey's legs) and each shipment's tasks (those of one tracking id). In a depot every shipment
/// of a van is polled on its own, and each poll read and decoded the van and all its open tasks again; one van's
/// itinerary now serves its tasks' polls until a write changes the van or one of its tasks, and with a shipment's
/// tasks kept too a poll is answered from memory on the event loop (``PollFastPath``).
///
/// A committed write forgets what it touched (``Keys``, filled by ``StoreChanges``), in the writer's queue before
/// the write is answered, so a read after an answered write never sees what it replaced. A read that raced a write
/// keeps nothing the write touched: it keeps what it computed only if that was not forgotten since it began.
/// (Per key: with a depot's 200 reports a second, a check on any write since would keep next to nothing.)
///
/// A van's report changes its row but none of its tasks: its entry then keeps the tasks with the new row, and the
/// next read derives only the journey (``Van/reported(_:tasks:)``). Rebuilding from rows after every report had
/// each van's polls racing to decode its fifty tasks again. Writes read a van from here too (``LiveReads``).
final class DeliveryReadCache: Sendable {
    /// What a write touched: vans (``vanKey(provider:vehicleID:)``) whose tasks changed or that were created or
    /// deleted; vans whose row alone changed, with the new row; shipments (``shipmentKey(provider:trackingID:)``)
    /// whose tasks changed.
    struct Keys: Sendable {
        var vans: Set<String> = []
        var reported: [String: DeliveryVehicle] = [:]
        var shipments: Set<String> = []

        var isEmpty: Bool { vans.isEmpty && reported.isEmpty && shipments.isEmpty }

        /// Every van touched, whatever the change.
        var allVans: Set<String> { vans.union(reported.keys) }

        mutating func formUnion(_ other: Keys) {
            vans.formUnion(other.vans)
            reported.merge(other.reported) { _, newer in newer }
            shipments.formUnion(other.shipments)
        }
    }

    /// A van as last committed: its itinerary, or after a report only its row and OPEN tasks, the journey left for
    /// the next read to derive.
    enum Van: Sendable {
        case ready(Itinerary)
        case reported(DeliveryVehicle, tasks: [String: DeliveryTask])

        var vehicle: DeliveryVehicle {
            switch self {
            case .ready(let itinerary): itinerary.vehicle
            case .reported(let vehicle, _): vehicle
            }
        }

        var tasks: [String: DeliveryTask] {
            switch self {
            case .ready(let itinerary): itinerary.tasks
            case .reported(_, let tasks): tasks
            }
        }
    }

    /// What one read of a provider derived, for the cache to keep: itineraries by vehicle id, shipments' tasks by
    /// tracking id.
    struct Computed: Sendable {
        var itineraries: [String: Itinerary] = [:]
        var shipments: [String: [DeliveryTask]] = [:]
    }

    /// Values by key, and the generation each key was last forgotten at.
    private struct Kept<Value: Sendable>: Sendable {
        var values: [String: Value] = [:]
        var forgottenAt: [String: UInt64] = [:]

        mutating func keep(_ computed: [String: Value], key: (String) -> String, computedAt generation: UInt64) {
            if values.count + computed.count > DeliveryReadCache.capacity { values.removeAll(keepingCapacity: true) }
            for (id, value) in computed {
                let key = key(id)
                guard forgottenAt[key, default: 0] <= generation else { continue }
                values[key] = value
            }
        }

        mutating func forget(_ keys: Set<String>, at generation: UInt64) {
            for key in keys {
                values[key] = nil
                forgottenAt[key] = generation
            }
        }
    }

    private struct State: Sendable {
        var vans = Kept<Van>()
        var shipments = Kept<[DeliveryTask]>()
        /// Bumped by every commit that touched a delivery vehicle or task.
        var generation: UInt64 = 0
        /// Forgetting everything raises `floor` instead of recording each key.
        var floor: UInt64 = 0
    }

    /// Values of each kind kept at most; past it that kind starts over (a bound, not an eviction policy). Above a
    /// depot's 50,000 shipments.
    static let capacity = 100_000
    private let state = NIOLockedValueBox(State())
    /// Loads under way by key (``loadOnce(provider:vehicleID:_:)``, ``warmOnce(provider:_:)``), the calls awaiting
    /// each key, and the providers warmed.
    private struct Loads {
        var running: [String: Task<Void, Never>] = [:]
        var waiting: [String: Int] = [:]
        var warmed: Set<String> = []
    }
    private let loads = NIOLockedValueBox(Loads())

    var generation: UInt64 { state.withLockedValue { $0.generation } }

    static func vanKey(provider: String, vehicleID: String) -> String { "\(provider)/\(vehicleID)" }
    static func shipmentKey(provider: String, trackingID: String) -> String { "\(provider)/\(trackingID)" }

    func van(provider: String, vehicleID: String) -> Van? {
        let key = Self.vanKey(provider: provider, vehicleID: vehicleID)
        return state.withLockedValue { $0.vans.values[key] }
    }

    /// The van's itinerary, when its journey is derived.
    func itinerary(provider: String, vehicleID: String) -> Itinerary? {
        guard case .ready(let itinerary)? = van(provider: provider, vehicleID: vehicleID) else { return nil }
        return itinerary
    }

    /// The tasks of tracking id `trackingID`, in id order.
    func shipment(provider: String, trackingID: String) -> [DeliveryTask]? {
        let key = Self.shipmentKey(provider: provider, trackingID: trackingID)
        return state.withLockedValue { $0.shipments.values[key] }
    }

    /// Runs `load` — a read that derives the van's itinerary and keeps it here — unless one of the van is under way,
    /// which is awaited instead. Every poll of a van's shipments that memory cannot answer would otherwise read and
    /// derive the van itself, and under load they pile up: while the first read of a van waits its turn, its other
    /// shipments are polled, and each poll then waited for as many reads. What the load kept may be forgotten by a
    /// write before the caller looks: the caller still reads when memory lacks it.
    func loadOnce(provider: String, vehicleID: String, _ load: @escaping @Sendable () async -> Void) async {
        await once(Self.vanKey(provider: provider, vehicleID: vehicleID), load)
    }

    /// Runs `load` — a read of all of `provider`'s deliveries into this cache — the first time it is asked for the
    /// provider; later calls wait for it while it runs, then return at once. A depot's cold start (a restart, or
    /// vans just seeded) polls 50,000 shipments in five seconds, and reading each of them, then each van, piled up
    /// faster than the reads went.
    func warmOnce(provider: String, _ load: @escaping @Sendable () async -> Void) async {
        guard !loads.withLockedValue({ $0.warmed.contains(provider) }) else { return }
        await once("\(provider)/", load)
        loads.withLockedValue { _ = $0.warmed.insert(provider) }
    }

    /// Calls of ``loadOnce(provider:vehicleID:_:)`` awaiting a load of the van now (one under way, or one just over
    /// that they have not left yet), so that a test sees polls join one load rather than sleeping on it.
    func waitingForLoad(provider: String, vehicleID: String) -> Int {
        loads.withLockedValue { $0.waiting[Self.vanKey(provider: provider, vehicleID: vehicleID)] ?? 0 }
    }

    private func once(_ key: String, _ load: @escaping @Sendable () async -> Void) async {
        let task = loads.withLockedValue { loads in
            loads.waiting[key, default: 0] += 1
            if let running = loads.running[key] { return running }
            let task = Task { await load() }
            loads.running[key] = task
            return task
        }
        await task.value
        loads.withLockedValue { loads in
            if loads.running[key] == task { loads.running[key] = nil }
            loads.waiting[key]! -= 1
            if loads.waiting[key] == 0 { loads.waiting[key] = nil }
        }
    }

    /// Keeps what a read of `provider` computed, but nothing forgotten since `generation` was read.
    func keep(_ computed: Computed, provider: String, computedAt generation: UInt64) {
        guard !computed.itineraries.isEmpty || !computed.shipments.isEmpty else { return }
        state.withLockedValue { state in
            guard generation >= state.floor else { return }
            state.vans.keep(
                computed.itineraries.mapValues(Van.ready), key: { Self.vanKey(provider: provider, vehicleID: $0) },
                computedAt: generation)
            state.shipments.keep(
                computed.shipments, key: { Self.shipmentKey(provider: provider, trackingID: $0) },
                computedAt: generation)
        }
    }

    /// A write committed that changed these vans, their tasks or these shipments' tasks. A van whose row alone
    /// changed keeps its tasks with the new row.
    func forget(_ keys: Keys) {
        guard !keys.isEmpty else { return }
        state.withLockedValue { state in
            state.generation += 1
            if state.vans.forgottenAt.count + state.shipments.forgottenAt.count + keys.vans.count
                + keys.reported.count + keys.shipments.count > 2 * Self.capacity
            {
                state.vans = Kept()
                state.shipments = Kept()
                state.floor = state.generation
                return
            }
            let kept = keys.reported.compactMap { key, vehicle in
                state.vans.values[key].map { (key, Van.reported(vehicle, tasks: $0.tasks)) }
            }
            state.vans.forget(keys.allVans, at: state.generation)
            for (key, van) in kept where !keys.vans.contains(key) { state.vans.values[key] = van }
            state.shipments.forget(keys.shipments, at: state.generation)
        }
    }
}
