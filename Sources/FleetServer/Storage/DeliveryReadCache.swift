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
final class DeliveryReadCache: Sendable {
    /// Vans (``vanKey(provider:vehicleID:)``) and shipments (``shipmentKey(provider:trackingID:)``).
    struct Keys: Sendable, Equatable {
        var vans: Set<String> = []
        var shipments: Set<String> = []

        var isEmpty: Bool { vans.isEmpty && shipments.isEmpty }

        mutating func formUnion(_ other: Keys) {
            vans.formUnion(other.vans)
            shipments.formUnion(other.shipments)
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
        var itineraries = Kept<Itinerary>()
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

    var generation: UInt64 { state.withLockedValue { $0.generation } }

    static func vanKey(provider: String, vehicleID: String) -> String { "\(provider)/\(vehicleID)" }
    static func shipmentKey(provider: String, trackingID: String) -> String { "\(provider)/\(trackingID)" }

    func itinerary(provider: String, vehicleID: String) -> Itinerary? {
        let key = Self.vanKey(provider: provider, vehicleID: vehicleID)
        return state.withLockedValue { $0.itineraries.values[key] }
    }

    /// The tasks of tracking id `trackingID`, in id order.
    func shipment(provider: String, trackingID: String) -> [DeliveryTask]? {
        let key = Self.shipmentKey(provider: provider, trackingID: trackingID)
        return state.withLockedValue { $0.shipments.values[key] }
    }

    /// Keeps what a read of `provider` computed, but nothing forgotten since `generation` was read.
    func keep(_ computed: Computed, provider: String, computedAt generation: UInt64) {
        guard !computed.itineraries.isEmpty || !computed.shipments.isEmpty else { return }
        state.withLockedValue { state in
            guard generation >= state.floor else { return }
            state.itineraries.keep(
                computed.itineraries, key: { Self.vanKey(provider: provider, vehicleID: $0) }, computedAt: generation)
            state.shipments.keep(
                computed.shipments, key: { Self.shipmentKey(provider: provider, trackingID: $0) },
                computedAt: generation)
        }
    }

    /// A write committed that changed these vans or their tasks, and these shipments' tasks.
    func forget(_ keys: Keys) {
        guard !keys.isEmpty else { return }
        state.withLockedValue { state in
            state.generation += 1
            if state.itineraries.forgottenAt.count + state.shipments.forgottenAt.count + keys.vans.count
                + keys.shipments.count > 2 * Self.capacity
            {
                state.itineraries = Kept()
                state.shipments = Kept()
                state.floor = state.generation
                return
            }
            state.itineraries.forget(keys.vans, at: state.generation)
            state.shipments.forget(keys.shipments, at: state.generation)
        }
    }
}
