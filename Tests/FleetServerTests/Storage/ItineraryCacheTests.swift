import FleetModel
import Testing

@testable import FleetServer

/// What a read may keep in the ``ItineraryCache``: a van forgotten after the read began is not kept, other vans
/// are, and forgetting a van drops it at once.
@Suite struct ItineraryCacheTests {
    static func itinerary(_ id: String) -> Itinerary {
        Itinerary(vehicle: DeliveryVehicle(name: "providers/p/deliveryVehicles/\(id)"), tasks: [:], journey: [])
    }

    @Test func aReadKeepsNoVanAWriteForgotSinceItBegan() {
        let cache = ItineraryCache()
        let began = cache.generation
        cache.forget([ItineraryCache.key(provider: "p", vehicleID: "a")])
        cache.store(["a": Self.itinerary("a"), "b": Self.itinerary("b")], provider: "p", computedAt: began)
        #expect(cache.itinerary(provider: "p", vehicleID: "a") == nil, "read before the write to a: maybe stale")
        #expect(cache.itinerary(provider: "p", vehicleID: "b") != nil, "b was not written meanwhile")

        let after = cache.generation
        cache.store(["a": Self.itinerary("a")], provider: "p", computedAt: after)
        #expect(cache.itinerary(provider: "p", vehicleID: "a") != nil, "read after the write: current")
        cache.forget([ItineraryCache.key(provider: "p", vehicleID: "a")])
        #expect(cache.itinerary(provider: "p", vehicleID: "a") == nil)
        #expect(cache.itinerary(provider: "q", vehicleID: "b") == nil, "providers apart")
    }
}
