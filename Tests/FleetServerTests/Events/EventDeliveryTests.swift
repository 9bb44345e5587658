import Crypto
import FleetEvents
import FleetModel
import FleetServer
import Foundation
import TestSupport
import Testing

/// Events end to end (docs/server.md, "Events"): writes over REST, the outbox, and a real HTTP receiver on
/// loopback — every kind produced, every body signed as Standard Webhooks say, delivered in order whatever the
/// receiver does meanwhile.
@Suite struct EventDeliveryTests {
    static let secretKey = Data((0..<32).map { UInt8($0 &* 7 &+ 3) })
    static var secretText: String { "whsec_" + secretKey.base64EncodedString() }
    static let casino = "casino=CIRCLE (43.7394 7.4276, 100)"

    static func configuration(
        _ receivers: [WebhookReceiver], notUpdating: Duration = .seconds(60), timeout: Duration = .seconds(5)
    ) throws -> EventConfiguration {
        EventConfiguration(
            urls: receivers.map(\.url), secret: try WebhookSecret(text: secretText), notUpdating: notUpdating,
            geofences: [try Geofence(parsing: casino)], deliveryTimeout: timeout,
            firstRetryDelay: .milliseconds(100), maximumRetryDelay: .milliseconds(400),
            pollInterval: .milliseconds(20))
    }

    /// PUT of a vehicle's fields with a server token.
    static func update(_ server: TestServer, _ vehicle: String, mask: String, _ body: String) async throws {
        let response = try await server.request(
            .PUT, "/v1/providers/p/vehicles/\(vehicle)?updateMask=\(mask)", token: server.serverToken(), body: body)
        try response.require(200)
    }

    static func move(_ server: TestServer, _ vehicle: String, to latitude: Double, _ longitude: Double) async throws {
        try await update(
            server, vehicle, mask: "lastLocation",
            #"{"lastLocation":{"location":{"latitude":\#(latitude),"longitude":\#(longitude)}}}"#)
    }

    /// The signature a receiver computes itself: HMAC-SHA256 with the decoded secret over `id.timestamp.body`.
    static func expectedSignature(_ request: ReceivedRequest) -> String? {
        guard let id = request.headers["webhook-id"], let timestamp = request.headers["webhook-timestamp"] else {
            return nil
        }
        let signed = Data("\(id).\(timestamp).\(request.body)".utf8)
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: secretKey))
        return "v1," + Data(mac).base64EncodedString()
    }

    @Test func everyKindReachesTheReceiverSignedAndInOrder() async throws {
        let receiver = try await WebhookReceiver.start()
        let server = try await TestServer.start(events: try Self.configuration([receiver], notUpdating: .seconds(3)))
        let token = try await server.serverToken()
        try await server.createVehicle("v1")  // ONLINE: vehicle-state
        try await server.createTrip("t1", vehicle: "v1")  // trip-status from none to NEW
        try await Self.move(server, "v1", to: 43.7300, 7.4100)
        try await Self.move(server, "v1", to: 43.7394, 7.4277)  // geofence-enter
        try await Self.move(server, "v1", to: 43.7300, 7.4100)  // geofence-exit
        let base = Int64(Date().timeIntervalSince1970)
        // The second is within 5 min but 10 % later: trip-eta-relative; the third is both.
        for eta in [base + 600, base + 700, base + 1500] {
            let time = ProtoTimestamp(seconds: eta).rfc3339
            try await Self.update(server, "v1", mask: "etaToFirstWaypoint", #"{"etaToFirstWaypoint":"\#(time)"}"#)
        }
        try await server.request(
            .PUT, "/v1/providers/p/trips/t1?updateMask=tripStatus", token: token,
            body: #"{"tripStatus":"ENROUTE_TO_PICKUP"}"#
        ).require(200)
        // No report for 3 s: not updating; then a report: updating again.
        #expect(try await receiver.wait { $0.contains { $0.kind == .vehicleNotUpdating } })
        try await Self.move(server, "v1", to: 43.7301, 7.4100)
        #expect(try await receiver.wait { $0.contains { $0.kind == .vehicleUpdating } })
        try await Self.update(server, "v1", mask: "vehicleState", #"{"vehicleState":"OFFLINE"}"#)
        try await server.request(
            .POST, "/v1/providers/p/tasks?taskId=k1", token: token,
            body:
                #"{"type":"DELIVERY","state":"OPEN","trackingId":"parcel-1","taskDuration":"60s","plannedLocation":{"point":{"latitude":43.7396,"longitude":7.4275}}}"#
        ).require(200)
        try await server.request(
            .PATCH, "/v1/providers/p/tasks/k1?updateMask=taskOutcome", token: token,
            body: #"{"taskOutcome":"SUCCEEDED"}"#
        ).require(200)

        // The writes' events in the writes' order; the timer's between them, wherever the timer noticed silence.
        let kinds: [FleetEventKind] = [
            .vehicleState, .tripStatus, .geofenceEnter, .geofenceExit, .tripEtaRelative, .tripEta, .tripEtaRelative,
            .tripStatus, .vehicleState, .taskOutcome,
        ]
        let timed: [FleetEventKind] = [.vehicleNotUpdating, .vehicleUpdating]
        #expect(try await receiver.wait { $0.count >= kinds.count + timed.count })
        // The task's event shares nothing with the vehicle's and the trip's, which came in order, all in one lane.
        let received = receiver.accepted
        let vehicles = received.filter { $0.task == nil }.map(\.eventId)
        #expect(vehicles == vehicles.sorted(), "in id order per vehicle and trip")
        #expect(Set(received.map(\.eventId)).count == received.count)
        let events = received.sorted { $0.eventId < $1.eventId }
        #expect(events.compactMap(\.kind).filter { !timed.contains($0) } == kinds, "\(events.map(\.type))")
        #expect(events.compactMap(\.kind).filter(timed.contains) == timed, "\(events.map(\.type))")
        let eta = try #require(events.first { $0.kind == .tripEta })
        #expect(eta.trip == "providers/p/trips/t1")
        #expect(eta.before?["eta"] == .string(ProtoTimestamp(seconds: base + 600).rfc3339))
        #expect(eta.after?["eta"] == .string(ProtoTimestamp(seconds: base + 1500).rfc3339))
        let enter = try #require(events.first { $0.kind == .geofenceEnter })
        #expect(enter.geofence == "casino" && enter.vehicle == "providers/p/vehicles/v1")
        let status = events.filter { $0.kind == .tripStatus }.map { $0.after?["tripStatus"] }
        #expect(status == [.string("NEW"), .string("ENROUTE_TO_PICKUP")])
        #expect(events.last?.task == "providers/p/tasks/k1")

        for request in receiver.requests {
            #expect(request.method == "POST" && request.path == "/hooks")
            #expect(request.headers["content-type"] == "application/json")
            let signature = try #require(request.headers["webhook-signature"])
            #expect(signature == Self.expectedSignature(request), "the signature checks with the test's own HMAC")
            let event = try JSONDecoder().decode(FleetEventRecord.self, from: Data(request.body.utf8))
            #expect(request.headers["webhook-id"] == String(event.eventId))
            let sent = try #require(request.headers["webhook-timestamp"].flatMap(Double.init))
            #expect(abs(sent - Date().timeIntervalSince1970) < 300)
        }

        // The same events from tripterm's own endpoint, after a cursor; a driver's token may not read them.
        let page = try await server.request(.GET, "/v1/providers/p/events?after=\(events[1].eventId)", token: token)
        try page.require(200)
        let read = try JSONDecoder().decode(FleetEventPage.self, from: Data(page.body.utf8))
        #expect(read.events == Array(events.dropFirst(2)))
        let two = try await server.request(.GET, "/v1/providers/p/events?pageSize=2", token: token)
        #expect(
            try JSONDecoder().decode(FleetEventPage.self, from: Data(two.body.utf8)).events == Array(events.prefix(2)))
        let other = try await server.request(.GET, "/v1/providers/q/events", token: token)
        #expect(other.body == #"{"events":[]}"#)
        let driver = try await server.token(AuthorizationClaims(vehicleid: "v1"))
        let refused = try await server.request(.GET, "/v1/providers/p/events", token: driver)
        #expect(refused.status == 403, "\(refused.body)")
        let bad = try await server.request(.GET, "/v1/providers/p/events?after=x", token: token)
        #expect(bad.status == 400, "\(bad.body)")
        await server.stop()
        await receiver.stop()
    }

    /// The driver's reports of the way to the pickup: 1,500 m then 800 m left (below 1,000 m), an ETA 8 then 4 min
    /// ahead (below 5 min) — one `trip-distance-remaining` and one `trip-time-remaining`, each once.
    @Test func aTripsTimeAndDistanceLeftReachTheReceiver() async throws {
        let receiver = try await WebhookReceiver.start()
        let server = try await TestServer.start(events: try Self.configuration([receiver]))
        try await server.createVehicle("v1")
        try await server.createTrip("t1", vehicle: "v1")
        let base = Int64(Date().timeIntervalSince1970)
        for (meters, ahead) in [(1_500, 480), (800, 240), (700, 230)] {
            let eta = ProtoTimestamp(seconds: base + Int64(ahead)).rfc3339
            try await Self.update(
                server, "v1", mask: "remainingDistanceMeters,etaToFirstWaypoint",
                #"{"remainingDistanceMeters":\#(meters),"etaToFirstWaypoint":"\#(eta)"}"#)
        }
        let progress: Set<FleetEventKind> = [.tripTimeRemaining, .tripDistanceRemaining]
        #expect(try await receiver.wait { $0.filter { $0.kind.map(progress.contains) ?? false }.count >= 2 })
        try await Task.sleep(for: .milliseconds(300))
        let events = receiver.accepted.filter { $0.kind.map(progress.contains) ?? false }
        #expect(events.compactMap(\.kind) == [.tripTimeRemaining, .tripDistanceRemaining], "\(events.map(\.type))")
        let distance = try #require(events.first { $0.kind == .tripDistanceRemaining })
        #expect(distance.trip == "providers/p/trips/t1" && distance.vehicle == "providers/p/vehicles/v1")
        #expect(distance.before?["remainingMeters"] == .number(1_500))
        #expect(distance.after?["remainingMeters"] == .number(800))
        await server.stop()
        await receiver.stop()
    }

    /// PATCH of a delivery vehicle's fields with a server token.
    static func updateVan(_ server: TestServer, mask: String, _ body: String) async throws {
        try await server.request(
            .PATCH, "/v1/providers/p/deliveryVehicles/d1?updateMask=\(mask)", token: server.serverToken(), body: body
        ).require(200)
    }

    @Test func aVansTasksAndGeofencesReachTheReceiver() async throws {
        let receiver = try await WebhookReceiver.start()
        var configuration = try Self.configuration([receiver])
        configuration.thresholds.timeRemaining = [.seconds(900)]
        let server = try await TestServer.start(events: configuration)
        let token = try await server.serverToken()
        try await server.request(
            .POST, "/v1/providers/p/deliveryVehicles?deliveryVehicleId=d1", token: token,
            body: #"{"lastLocation":{"location":{"latitude":43.7300,"longitude":7.4100}}}"#
        ).require(200)
        for task in ["k1", "k2"] {
            try await server.request(
                .POST, "/v1/providers/p/tasks?taskId=\(task)", token: token,
                body:
                    #"{"type":"DELIVERY","state":"OPEN","trackingId":"parcel-\#(task)","taskDuration":"60s","plannedLocation":{"point":{"latitude":43.7396,"longitude":7.4275}}}"#
            ).require(200)
        }
        // The next stop holds k1 and k2, 1,000 s and 5 km away: the baselines, no event.
        try await Self.updateVan(
            server, mask: "remainingVehicleJourneySegments,remainingDuration,remainingDistanceMeters",
            #"{"remainingVehicleJourneySegments":[{"stop":{"state":"NEW","plannedLocation":{"point":{"latitude":43.7396,"longitude":7.4275}},"tasks":[{"taskId":"k1"},{"taskId":"k2"}]}}],"remainingDuration":"1000s","remainingDistanceMeters":5000}"#
        )
        // Below 900 s and 1,000 m left; the ETA 150 s earlier, under both ETA thresholds.
        try await Self.updateVan(
            server, mask: "remainingDuration,remainingDistanceMeters",
            #"{"remainingDuration":"850s","remainingDistanceMeters":800}"#)
        try await Self.updateVan(
            server, mask: "lastLocation", #"{"lastLocation":{"location":{"latitude":43.7394,"longitude":7.4277}}}"#)
        // 700 s later than the baselines: over 5 min and over 50 % of the 1,000 s, for each task.
        try await Self.updateVan(server, mask: "remainingDuration", #"{"remainingDuration":"1700s"}"#)
        try await Self.updateVan(
            server, mask: "lastLocation", #"{"lastLocation":{"location":{"latitude":43.7300,"longitude":7.4100}}}"#)

        let expected: [(FleetEventKind, String)] = [
            (.taskTimeRemaining, "k1"), (.taskDistanceRemaining, "k1"), (.taskTimeRemaining, "k2"),
            (.taskDistanceRemaining, "k2"), (.geofenceEnter, ""), (.taskEta, "k1"), (.taskEtaRelative, "k1"),
            (.taskEta, "k2"), (.taskEtaRelative, "k2"), (.geofenceExit, ""),
        ]
        #expect(try await receiver.wait { $0.count >= expected.count })
        let events = receiver.accepted
        #expect(events.compactMap(\.kind) == expected.map(\.0), "\(events.map(\.type))")
        #expect(events.map { $0.task?.split(separator: "/").last.map(String.init) ?? "" } == expected.map(\.1))
        #expect(events.allSatisfy { $0.vehicle == "providers/p/deliveryVehicles/d1" })
        #expect(events[4].geofence == "casino" && events[9].geofence == "casino")
        #expect(events[0].before == .object(["remainingSeconds": .number(1000)]))
        #expect(events[0].after == .object(["remainingSeconds": .number(850), "thresholdSeconds": .number(900)]))
        #expect(events[1].after == .object(["remainingMeters": .number(800), "thresholdMeters": .number(1000)]))
        guard case .number(let change)? = events[6].after?["change"] else {
            Issue.record("no change in \(events[6])")
            return
        }
        #expect(change >= 0.7 && change < 0.75, "700 s over the 1,000 s at the baseline")
        await server.stop()
        await receiver.stop()
    }

    @Test func aReceiverDownThenUpGetsEveryEventInOrderPerVehicle() async throws {
        let first = try await WebhookReceiver.start()
        let port = first.server.port
        let url = first.url
        await first.stop()  // down: connections refused
        var configuration = try Self.configuration([])
        configuration.urls = [url]
        let server = try await TestServer.start(events: configuration)
        for vehicle in ["a", "b", "c"] { try await server.createVehicle(vehicle) }
        for step in 0..<6 {
            for vehicle in ["a", "b", "c"] {
                let inside = step % 2 == 0
                try await Self.move(server, vehicle, to: inside ? 43.7394 : 43.7300, inside ? 7.4276 : 7.4100)
            }
        }
        try await Task.sleep(for: .milliseconds(500))  // several failed attempts
        let receiver = try await WebhookReceiver.start(port: port, mode: .status(503))
        #expect(try await receiver.wait(forRequests: 2), "failures that answer")
        receiver.set(.accept)
        #expect(try await receiver.wait { $0.count >= 21 })
        let events = receiver.accepted
        #expect(events.count == 21, "3 ONLINE and 18 crossings: \(events.map(\.type))")
        for vehicle in ["a", "b", "c"] {
            let kinds = events.filter { $0.vehicle == "providers/p/vehicles/\(vehicle)" }.compactMap(\.kind)
            #expect(
                kinds == [.vehicleState] + Array(repeating: [.geofenceEnter, .geofenceExit], count: 3).flatMap { $0 })
            let ids = events.filter { $0.vehicle == "providers/p/vehicles/\(vehicle)" }.map(\.eventId)
            #expect(ids == ids.sorted())
        }
        #expect(receiver.requests.count > events.count, "some were answered 503 and sent again")
        await server.stop()
        await receiver.stop()
    }

    @Test func aReceiverAnswering410IsDroppedAndTheOthersGoOn() async throws {
        let gone = try await WebhookReceiver.start(mode: .status(410))
        let kept = try await WebhookReceiver.start()
        let server = try await TestServer.start(events: try Self.configuration([gone, kept]))
        try await server.createVehicle("v1")
        try await server.createVehicle("v2")
        #expect(try await kept.wait { $0.count == 2 })
        try await Task.sleep(for: .milliseconds(300))
        let asked = gone.requests.compactMap {
            try? JSONDecoder().decode(FleetEventRecord.self, from: Data($0.body.utf8))
        }
        #expect(!asked.isEmpty && Set(asked.map(\.eventId)).count == asked.count, "dropped at its first answer")
        #expect(server.logs.all.contains { $0.contains("\(gone.url) answered 410 Gone") }, "\(server.logs.all)")
        await server.stop()
        await gone.stop()
        await kept.stop()
    }

    @Test func aHangingReceiverIsCutAfterTheTimeoutAndRetried() async throws {
        let receiver = try await WebhookReceiver.start(mode: .hang)
        let server = try await TestServer.start(events: try Self.configuration([receiver], timeout: .seconds(1)))
        for index in 0..<5 { try await server.createVehicle("v\(index)") }
        #expect(try await receiver.wait(forRequests: 1))
        let first = receiver.requests[0].body
        #expect(
            try await receiver.waitForRequests(where: { $0.filter { $0.body == first }.count >= 2 }),
            "cut after the 1 s timeout and tried again, byte for byte")
        receiver.set(.accept)
        #expect(try await receiver.wait { $0.count == 5 })
        #expect(receiver.accepted.compactMap(\.vehicle).sorted() == (0..<5).map { "providers/p/vehicles/v\($0)" })
        await server.stop()
        await receiver.stop()
    }

    @Test func writesNeverWaitForAHangingReceiver() async throws {
        let receiver = try await WebhookReceiver.start(mode: .hang)
        var configuration = try Self.configuration([receiver])
        configuration.deliveryTimeout = .seconds(600)
        let server = try await TestServer.start(events: configuration)
        try await server.createVehicle("first")
        #expect(try await receiver.wait(forRequests: 1), "its event's delivery hangs")
        let started = ContinuousClock.now
        for index in 0..<5 { try await server.createVehicle("v\(index)") }
        // Had a write waited for the delivery under way, it would have taken the 600 s timeout.
        #expect(ContinuousClock.now - started < .seconds(120))
        let page = try await server.request(.GET, "/v1/providers/p/events", token: server.serverToken())
        #expect(try JSONDecoder().decode(FleetEventPage.self, from: Data(page.body.utf8)).events.count == 6)
        #expect(receiver.requests.count == 1, "still the first event's delivery")
        await server.stop()
        await receiver.stop()
    }

    @Test func aRestartResumesAfterTheLastDeliveredEvent() async throws {
        let receiver = try await WebhookReceiver.start()
        let server = try await TestServer.start(events: try Self.configuration([receiver]))
        try await server.createVehicle("v1")
        #expect(try await receiver.wait { $0.count == 1 })
        receiver.set(.status(500))
        try await server.createVehicle("v2")
        // Tried, so v1's progress was saved before (a read of the outbox comes after it).
        #expect(try await receiver.wait(forRequests: 2))
        await server.stop()
        receiver.set(.accept)
        let again = try await TestServer.start(directory: server.directory, events: try Self.configuration([receiver]))
        try await again.createVehicle("v3")
        #expect(try await receiver.wait { $0.count == 3 })
        #expect(
            receiver.accepted.compactMap(\.vehicle).sorted() == ["v1", "v2", "v3"].map { "providers/p/vehicles/\($0)" })
        let v1 = receiver.requests.filter { $0.body.contains("vehicles/v1") }
        #expect(v1.count == 1, "what was delivered is not sent again")
        await again.stop()
        await receiver.stop()
    }

    /// Without events nothing is recorded, and the endpoint says that they are off rather than answering an empty
    /// page that a reader would ask for again and again.
    @Test func withoutEventsNothingIsRecordedAndTheEndpointSaysSo() async throws {
        let server = try await TestServer.start()
        try await server.createVehicle("v1")
        let token = try await server.serverToken()
        for query in ["", "?after=3", "?newest=10"] {
            let page = try await server.request(.GET, "/v1/providers/p/events\(query)", token: token)
            #expect(page.status == 501, "\(query): \(page.body)")
            #expect(page.body.contains("UNIMPLEMENTED") && page.body.contains("events are off on this server"))
        }
        let driver = try await server.token(AuthorizationClaims(vehicleid: "v1"))
        #expect(try await server.request(.GET, "/v1/providers/p/events", token: driver).status == 403)
        await server.stop()
        // The same database with events on: v1's creation left none.
        let again = try await TestServer.start(directory: server.directory, events: EventConfiguration())
        let page = try await again.request(.GET, "/v1/providers/p/events", token: again.serverToken())
        #expect(page.status == 200 && page.body == #"{"events":[]}"#, "\(page.body)")
        await again.stop()
    }

    /// `newest=N`, tripterm's own: the provider's latest N events, oldest first, in one read however long the history.
    @Test func newestAnswersTheLatestEventsOldestFirst() async throws {
        let server = try await TestServer.start(events: EventConfiguration())
        for index in 0..<5 { try await server.createVehicle("v\(index)") }
        try await server.createVehicle("w", provider: "q")
        let token = try await server.serverToken()
        func read(_ query: String, provider: String = "p") async throws -> [FleetEventRecord] {
            let page = try await server.request(.GET, "/v1/providers/\(provider)/events\(query)", token: token)
            try page.require(200)
            return try JSONDecoder().decode(FleetEventPage.self, from: Data(page.body.utf8)).events
        }
        let all = try await read("")
        #expect(all.count == 5)
        #expect(try await read("?newest=2") == Array(all.suffix(2)))
        #expect(try await read("?newest=1000") == all)
        #expect(try await read("?newest=5", provider: "q").map(\.vehicle) == ["providers/q/vehicles/w"])
        for bad in ["?newest=2&after=1", "?newest=2&pageSize=3", "?newest=1001", "?newest=-1", "?newest=x"] {
            let refused = try await server.request(.GET, "/v1/providers/p/events\(bad)", token: token)
            #expect(refused.status == 400, "\(bad): \(refused.body)")
        }
        await server.stop()
    }
}
