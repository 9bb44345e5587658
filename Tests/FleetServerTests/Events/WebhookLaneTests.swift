import AsyncHTTPClient
import FleetEvents
import Foundation
import Logging
import Testing

@testable import FleetServer

/// How one receiver's deliveries go side by side (``WebhookDelivery``): events that share a vehicle, trip or task
/// in one lane and in order, lanes in flight up to the limit, a failure stopping new posts, progress only over what
/// every lane delivered.
@Suite struct WebhookLaneTests {
    /// An event of `type` about the subjects given, as the outbox hands them out.
    static func event(
        _ id: Int64, _ type: String = "vehicle-state", vehicle: String? = nil, trip: String? = nil,
        task: String? = nil
    ) throws -> FleetEventRecord {
        var object: [String: String] = [
            "type": type, "timestamp": "2026-11-28T10:00:00Z", "provider": "p",
        ]
        object["vehicle"] = vehicle.map { "providers/p/vehicles/\($0)" }
        object["trip"] = trip.map { "providers/p/trips/\($0)" }
        object["task"] = task.map { "providers/p/tasks/\($0)" }
        var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(object)) as! [String: Any]
        json["eventId"] = id
        return try JSONDecoder().decode(
            FleetEventRecord.self, from: JSONSerialization.data(withJSONObject: json))
    }

    @Test func eventsSharingAVehicleTripOrTaskShareALaneInIdOrder() throws {
        let page = [
            try Self.event(1, "trip-status", trip: "t1"),
            try Self.event(2, vehicle: "v1"),
            try Self.event(3, "trip-status", vehicle: "v1", trip: "t1"),  // joins 1 and 2
            try Self.event(4, vehicle: "v2"),
            try Self.event(5, "task-outcome", task: "k1"),
            try Self.event(6, "task-eta", vehicle: "v2", task: "k2"),
            try Self.event(7, "task-eta", vehicle: "v3", task: "k2"),  // joins v3 to v2 through k2
            try Self.event(8, vehicle: "v4"),
        ]
        let lanes = WebhookDelivery.lanes(page).map { $0.map(\.eventId) }
        #expect(lanes == [[1, 2, 3], [4, 6, 7], [5], [8]])
    }

    @Test func progressStopsJustBeforeTheFirstEventLeft() throws {
        let page = try (1...6).map { try Self.event(Int64($0), vehicle: "v\($0)") }
        #expect(WebhookDelivery.progress(of: page, remaining: [], after: 0) == 6)
        #expect(WebhookDelivery.progress(of: page, remaining: [[page[4]], [page[2]]], after: 0) == 2)
        #expect(WebhookDelivery.progress(of: page, remaining: [[page[0], page[1]]], after: 0) == 0)
    }

    /// Twelve events of six vehicles to a receiver that never answers: four posts at once (the limit), each the first
    /// of its vehicle, all cut at the timeout; the round then stops without starting a fifth. Once the receiver
    /// answers, everything arrives, each vehicle's two in order.
    @Test func postsGoSideBySideUpToTheLimitAndStopAtAFailure() async throws {
        let receiver = try await WebhookReceiver.start(mode: .hang)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lanes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FleetStore(path: directory.appendingPathComponent("fleet.sqlite").path)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        var configuration = EventConfiguration(urls: [receiver.url], deliveryTimeout: .seconds(2))
        configuration.maxInFlight = 4
        let delivery = WebhookDelivery(
            url: receiver.url, store: store, client: client, configuration: configuration, clock: { Date() },
            logger: Logger(label: "test"))
        let vehicles = ["a", "b", "c", "d", "e", "f"]
        let page = try (0..<12).map { try Self.event(Int64($0 + 1), vehicle: vehicles[$0 % 6]) }

        let first = await delivery.deliver(WebhookDelivery.lanes(page))
        let asked = receiver.requests.compactMap {
            try? JSONDecoder().decode(FleetEventRecord.self, from: Data($0.body.utf8))
        }
        #expect(asked.map(\.eventId).sorted() == [1, 2, 3, 4], "four at once, the first of four vehicles each")
        #expect(first.failure != nil && !first.gone)
        #expect(first.remaining.map { $0.map(\.eventId) } == [[1, 7], [2, 8], [3, 9], [4, 10], [5, 11], [6, 12]])

        receiver.set(.accept)
        // Time enough for a loaded machine: this round is about answers, not timeouts.
        configuration.deliveryTimeout = .seconds(30)
        let patient = WebhookDelivery(
            url: receiver.url, store: store, client: client, configuration: configuration, clock: { Date() },
            logger: Logger(label: "test"))
        let second = await patient.deliver(first.remaining)
        #expect(second.failure == nil && second.remaining.isEmpty)
        let accepted = receiver.accepted
        #expect(accepted.count == 12)
        for vehicle in vehicles {
            let ids = accepted.filter { $0.vehicle == "providers/p/vehicles/\(vehicle)" }.map(\.eventId)
            #expect(ids.count == 2 && ids == ids.sorted(), "\(vehicle): \(ids)")
        }
        try await client.shutdown()
        await receiver.stop()
    }
}
