import FleetModel
import Foundation
import GRDB
import Testing

@testable import FleetServer

/// What a read may keep in the ``DeliveryReadCache``: nothing a write forgot after the read began, everything else;
/// and forgetting drops a van or a shipment at once.
@Suite struct DeliveryReadCacheTests {
    static func itinerary(_ id: String) -> Itinerary {
        Itinerary(vehicle: DeliveryVehicle(name: "providers/p/deliveryVehicles/\(id)"), tasks: [:], journey: [])
    }

    static func shipment(_ trackingID: String) -> [DeliveryTask] {
        [DeliveryTask(name: "providers/p/tasks/t-\(trackingID)", trackingId: trackingID)]
    }

    static func van(_ id: String) -> DeliveryReadCache.Keys {
        .init(vans: [DeliveryReadCache.vanKey(provider: "p", vehicleID: id)])
    }

    @Test func aReadKeepsNoVanAWriteForgotSinceItBegan() {
        let cache = DeliveryReadCache()
        let began = cache.generation
        cache.forget(Self.van("a"))
        cache.keep(
            .init(itineraries: ["a": Self.itinerary("a"), "b": Self.itinerary("b")]), provider: "p", computedAt: began)
        #expect(cache.itinerary(provider: "p", vehicleID: "a") == nil, "read before the write to a: maybe stale")
        #expect(cache.itinerary(provider: "p", vehicleID: "b") != nil, "b was not written meanwhile")

        let after = cache.generation
        cache.keep(.init(itineraries: ["a": Self.itinerary("a")]), provider: "p", computedAt: after)
        #expect(cache.itinerary(provider: "p", vehicleID: "a") != nil, "read after the write: current")
        cache.forget(Self.van("a"))
        #expect(cache.itinerary(provider: "p", vehicleID: "a") == nil)
        #expect(cache.itinerary(provider: "q", vehicleID: "b") == nil, "providers apart")
    }

    /// Loads counted by van, and the gate that holds van `a`'s load until every poll of it has asked.
    actor Loads {
        var counts: [String: Int] = [:]
        private var held: [CheckedContinuation<Void, Never>] = []
        private var open = false

        func load(_ van: String) async {
            counts[van, default: 0] += 1
            guard van == "a", !open else { return }
            await withCheckedContinuation { held.append($0) }
        }

        func release() {
            open = true
            for waiter in held { waiter.resume() }
            held = []
        }
    }

    /// Polls of one van's shipments that memory cannot answer wait for one load of the van, not one each; another
    /// van's load and a later load of the same van run on their own.
    @Test func aVanUnderwayIsLoadedOnceForEveryPollThatNeedsIt() async {
        let cache = DeliveryReadCache()
        let loads = Loads()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask { await cache.loadOnce(provider: "p", vehicleID: "a") { await loads.load("a") } }
            }
            group.addTask { await cache.loadOnce(provider: "p", vehicleID: "b") { await loads.load("b") } }
            while await loads.counts.count < 2 { await Task.yield() }
            // Every poll of `a` has joined the load held open, however slowly the pool ran them.
            while cache.waitingForLoad(provider: "p", vehicleID: "a") < 50 { await Task.yield() }
            await loads.release()
        }
        #expect(await loads.counts == ["a": 1, "b": 1])
        #expect(cache.waitingForLoad(provider: "p", vehicleID: "a") == 0, "every poll left when the load ended")
        await cache.loadOnce(provider: "p", vehicleID: "a") { await loads.load("a") }
        #expect(await loads.counts["a"] == 2, "a load that is over is not awaited again")
    }

    @Test func aShipmentIsKeptAndForgottenByItsOwnKey() {
        let cache = DeliveryReadCache()
        let began = cache.generation
        cache.forget(.init(shipments: [DeliveryReadCache.shipmentKey(provider: "p", trackingID: "x")]))
        cache.keep(
            .init(shipments: ["x": Self.shipment("x"), "y": Self.shipment("y")]), provider: "p", computedAt: began)
        #expect(cache.shipment(provider: "p", trackingID: "x") == nil, "its task was written after the read began")
        #expect(cache.shipment(provider: "p", trackingID: "y")?.map(\.trackingId) == ["y"])

        // A van of the same id as a tracking id is another key.
        cache.forget(Self.van("y"))
        #expect(cache.shipment(provider: "p", trackingID: "y") != nil)
        cache.forget(.init(shipments: [DeliveryReadCache.shipmentKey(provider: "p", trackingID: "y")]))
        #expect(cache.shipment(provider: "p", trackingID: "y") == nil)
    }

    /// The generation a delivery read keeps its values at is read in the reader's queue before the read's snapshot
    /// (``FleetStore/read(after:_:)``): a row another connection writes from `first` is in what the read sees.
    @Test func aReadsSnapshotBeginsAfterItsFirstStep() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-read-after-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("fleet.sqlite").path
        let store = try FleetStore(path: path)
        let count = try await store.read(after: {
            let other = try? DatabaseQueue(path: path)
            try? other?.write { db in
                try db.execute(sql: "INSERT INTO delivery_vehicle (provider, id, json) VALUES ('p', 'late', '{}')")
            }
            return 0
        }) { _, tx in try Int.fetchOne(tx.db, sql: "SELECT count(*) FROM delivery_vehicle") ?? 0 }
        #expect(count == 1, "the row written before the snapshot")
    }
}
