import Foundation
import NIOConcurrencyHelpers

/// Delivery vehicles' itineraries (``Itinerary``: the vehicle, its OPEN tasks, its journey's legs)
/// as last committed, for the reads that derive a task's answer from them. In a depot every shipment of a van is
/// polled on its own, and each poll read and decoded the van and all its open tasks again; one van's itinerary now
/// serves its tasks' polls until a write changes the van or one of its tasks.
///
/// A committed write forgets the vans it touched (``StoreChanges/deliveryVehicles``), in the writer's queue before
/// the write is answered, so a read after an answered write never sees what it replaced. A read that raced a write
/// stores nothing: it keeps what it computed only if no delivery write committed since it began.
final class ItineraryCache: Sendable {
    private struct State {
        var itineraries: [String: Itinerary] = [:]
        /// Bumped by every commit that touched a delivery vehicle or task.
        var generation: UInt64 = 0
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

    /// Keeps what a read computed, unless a delivery write committed since `generation` was read.
    func store(_ computed: [String: Itinerary], provider: String, computedAt generation: UInt64) {
        guard !computed.isEmpty else { return }
        state.withLockedValue { state in
            guard state.generation == generation else { return }
            if state.itineraries.count + computed.count > Self.capacity {
                state.itineraries.removeAll(keepingCapacity: true)
            }
            for (vehicleID, itinerary) in computed {
                state.itineraries[Self.key(provider: provider, vehicleID: vehicleID)] = itinerary
            }
        }
    }

    /// A write committed that changed these vans (``key(provider:vehicleID:)``) or their tasks.
    func forget(_ keys: Set<String>) {
        guard !keys.isEmpty else { return }
        state.withLockedValue { state in
            state.generation &+= 1
            for key in keys { state.itineraries[key] = nil }
        }
    }
}
