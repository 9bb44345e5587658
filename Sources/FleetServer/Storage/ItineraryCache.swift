import Foundation
import NIOConcurrencyHelpers

/// Delivery vehicles' itineraries (``Itinerary``: the vehicle, its OPEN tasks, its journey's legs)
/// as last committed, for the reads that derive a task's answer from them. In a depot every shipment of a van is
/// polled on its own, and each poll read and decoded the van and all its open tasks again; one van's itinerary now
/// serves its tasks' polls until a write changes the van or one of its tasks.
///
/// A committed write forgets the vans it touched (``StoreChanges/deliveryVehicles``), in the writer's queue before
/// the write is answered, so a read after an answered write never sees what it replaced. A read that raced a write
/// to a van keeps nothing of that van: it keeps what it computed only if the van was not forgotten since it began.
/// (Per van: with a depot's 200 reports a second, a check on any write since would keep next to nothing.)
final class ItineraryCache: Sendable {
    private struct State {
        var itineraries: [String: Itinerary] = [:]
        /// Bumped by every commit that touched a delivery vehicle or task.
        var generation: UInt64 = 0
        /// The generation each van was last forgotten at; forgetting them all raises `floor` instead.
        var forgottenAt: [String: UInt64] = [:]
        var floor: UInt64 = 0
    }

    /// Itineraries kept at most; past it the cache starts over (a bound, not an eviction policy).
    static let capacity = 20_000
    private let state = NIOLockedValueBox(State())

    var generation: UInt64 { state.withLockedValue { $0.generation } }

    static func key(provider: String, vehicleID: String) -> String { "\(provider)/\(vehicleID)" }

    func itinerary(provider: String, vehicleID: String) -> Itinerary? {
        let key = Self.key(provider: provider, vehicleID: vehicleID)
        return state.withLockedValue { $0.itineraries[key] }
    }

    /// Keeps what a read computed (by vehicle id), but not a van forgotten since `generation` was read.
    func store(_ computed: [String: Itinerary], provider: String, computedAt generation: UInt64) {
        guard !computed.isEmpty else { return }
        state.withLockedValue { state in
            guard generation >= state.floor else { return }
            if state.itineraries.count + computed.count > Self.capacity {
                state.itineraries.removeAll(keepingCapacity: true)
            }
            for (vehicleID, itinerary) in computed {
                let key = Self.key(provider: provider, vehicleID: vehicleID)
                guard state.forgottenAt[key, default: 0] <= generation else { continue }
                state.itineraries[key] = itinerary
            }
        }
    }

    /// A write committed that changed these vans (``key(provider:vehicleID:)``) or their tasks.
    func forget(_ keys: Set<String>) {
        guard !keys.isEmpty else { return }
        state.withLockedValue { state in
            state.generation += 1
            if state.forgottenAt.count + keys.count > Self.capacity {
                state.forgottenAt.removeAll(keepingCapacity: true)
                state.floor = state.generation
            }
            for key in keys {
                state.itineraries[key] = nil
                state.forgottenAt[key] = state.generation
            }
        }
    }
}
