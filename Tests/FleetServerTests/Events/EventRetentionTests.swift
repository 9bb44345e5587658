import FleetModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import FleetServer

/// What the detectors remember between writes — a progress watch per trip or task (`event_watch`), the vehicles
/// flagged silent (`event_silent_vehicle`) — goes with what it was about, in the write that ended or deleted it.
@Suite struct EventRetentionTests {
    /// The watches' subjects and the silent vehicles' ids, as stored.
    static func remembered(_ server: TestServer) async throws -> (watches: [String], silent: [String]) {
        try await server.server.core.store.read { tx in
            (
                try String.fetchAll(tx.db, sql: "SELECT subject FROM event_watch ORDER BY subject"),
                try String.fetchAll(tx.db, sql: "SELECT vehicleId FROM event_silent_vehicle ORDER BY vehicleId")
            )
        }
    }

    static func send(
        _ server: TestServer, _ method: TestMethod, _ path: String, _ body: String? = nil
    ) async throws {
        try await server.request(method, "/v1/providers/p/" + path, token: server.serverToken(), body: body)
            .require(200)
    }

    /// A driver's report on the way to the vehicle's next trip: the progress rules keep a watch for that trip.
    static func report(_ server: TestServer, _ vehicle: String) async throws {
        let eta = ProtoTimestamp(seconds: Int64(Date().timeIntervalSince1970) + 600).rfc3339
        try await send(
            server, .PUT,
            "vehicles/\(vehicle)?updateMask=lastLocation,remainingDistanceMeters,etaToFirstWaypoint",
            #"{"lastLocation":{"location":{"latitude":43.7300,"longitude":7.4100}},"remainingDistanceMeters":1500,"etaToFirstWaypoint":"\#(eta)"}"#
        )
    }

    @Test func tripsThatEndOrGoAndDeletedVehiclesLeaveNothingRemembered() async throws {
        let server = try await TestServer.start(events: EventConfiguration(notUpdating: .milliseconds(300)))
        try await server.createVehicle("v1")
        try await server.createVehicle("v2")
        try await server.createTrip("t1", vehicle: "v1")
        try await server.createTrip("t2", vehicle: "v2")
        try await Self.report(server, "v1")
        try await Self.report(server, "v2")
        #expect(try await Self.remembered(server).watches == ["trips/t1", "trips/t2"])
        // Neither reports again: both go silent.
        let deadline = ContinuousClock.now + .seconds(30)
        while try await Self.remembered(server).silent != ["v1", "v2"], ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(try await Self.remembered(server).silent == ["v1", "v2"])

        try await Self.send(server, .PUT, "trips/t1?updateMask=tripStatus", #"{"tripStatus":"ARRIVED_AT_PICKUP"}"#)
        #expect(try await Self.remembered(server).watches == ["trips/t1", "trips/t2"])
        try await Self.send(server, .PUT, "trips/t1?updateMask=tripStatus", #"{"tripStatus":"COMPLETE"}"#)
        #expect(try await Self.remembered(server).watches == ["trips/t2"])
        try await Self.send(server, .PUT, "trips/t2?updateMask=vehicleId", #"{"vehicleId":""}"#)
        #expect(try await Self.remembered(server).watches == ["trips/t2"], "unassigned, the trip is not over")
        try await Self.send(server, .DELETE, "trips/t2")
        #expect(try await Self.remembered(server).watches == [])

        // Restarted without events — no silence watch to release it — the deletion alone takes v1's silence.
        await server.stop()
        let again = try await TestServer.start(directory: server.directory)
        try await Self.send(again, .DELETE, "vehicles/v1")
        #expect(try await Self.remembered(again).silent == ["v2"])
        await again.stop()
    }

    @Test func aTripCanceledLeavesNoWatch() async throws {
        let server = try await TestServer.start(events: EventConfiguration())
        try await server.createVehicle("v1")
        try await server.createTrip("t1", vehicle: "v1")
        try await Self.report(server, "v1")
        #expect(try await Self.remembered(server).watches == ["trips/t1"])
        try await Self.send(server, .PUT, "trips/t1?updateMask=tripStatus", #"{"tripStatus":"CANCELED"}"#)
        #expect(try await Self.remembered(server).watches == [])
        await server.stop()
    }

    /// A task closes when its stop leaves the van's journey (the server closes it in that write); one deleted takes
    /// any watch with it too (a row an earlier run left: a task is closed before it can be deleted).
    @Test func tasksThatCloseOrGoLeaveNoWatch() async throws {
        let server = try await TestServer.start(events: EventConfiguration())
        let point = #"{"point":{"latitude":43.7396,"longitude":7.4275}}"#
        try await Self.send(
            server, .POST, "deliveryVehicles?deliveryVehicleId=d1",
            #"{"lastLocation":{"location":{"latitude":43.7300,"longitude":7.4100}}}"#)
        for task in ["k1", "k2"] {
            try await Self.send(
                server, .POST, "tasks?taskId=\(task)",
                #"{"type":"DELIVERY","state":"OPEN","trackingId":"parcel-\#(task)","taskDuration":"60s","plannedLocation":\#(point)}"#
            )
        }
        func stop(_ tasks: [String]) -> String {
            let listed = tasks.map { #"{"taskId":"\#($0)"}"# }.joined(separator: ",")
            return #"{"stop":{"state":"NEW","plannedLocation":\#(point),"tasks":[\#(listed)]}}"#
        }
        let mask = "remainingVehicleJourneySegments,remainingDuration,remainingDistanceMeters"
        try await Self.send(
            server, .PATCH, "deliveryVehicles/d1?updateMask=\(mask)",
            #"{"remainingVehicleJourneySegments":[\#(stop(["k1", "k2"]))],"remainingDuration":"1000s","remainingDistanceMeters":5000}"#
        )
        #expect(try await Self.remembered(server).watches == ["tasks/k1", "tasks/k2"])

        try await Self.send(
            server, .PATCH, "deliveryVehicles/d1?updateMask=remainingVehicleJourneySegments",
            #"{"remainingVehicleJourneySegments":[\#(stop(["k2"]))]}"#)
        #expect(try await Self.remembered(server).watches == ["tasks/k2"], "k1 left the journey: CLOSED")
        try await Self.send(
            server, .PATCH, "deliveryVehicles/d1?updateMask=remainingVehicleJourneySegments",
            #"{"remainingVehicleJourneySegments":[]}"#)
        #expect(try await Self.remembered(server).watches == [])

        try await server.server.core.store.write { tx in
            try tx.db.execute(sql: "INSERT INTO event_watch (provider, subject, json) VALUES ('p', 'tasks/k2', '{}')")
        }
        try await Self.send(server, .DELETE, "tasks/k2")
        #expect(try await Self.remembered(server).watches == [])
        await server.stop()
    }
}
