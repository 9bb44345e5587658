import FleetClient
import FleetModel
import Foundation
import TestSupport
import Testing

/// `tripterm fleet` against `tripterm serve`, as a script runs it: every vehicle listed, each a line.
@Suite struct FleetCommandTests {
    @Test func onceListsEveryVehicleAsJSONLinesAndAsText() async throws {
        try await LocalServerProcess.with { server in
            for id in ["v1", "v2", "v3"] { try await server.createVehicle(id) }
            let out = try await TriptermBinary.run([
                "fleet", "--provider", "p", "--backend", server.url, "--token", server.token, "--once", "--json",
            ])
            #expect(out.status == 0, "\(out.stderr)")
            let lines = out.stdout.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(lines.map { $0["event"] as? String } == ["appeared", "appeared", "appeared"])
            #expect(lines.map { $0["vehicle"] as? String } == ["v1", "v2", "v3"].map { "providers/p/vehicles/\($0)" })
            #expect(lines.allSatisfy { $0["stale"] as? Bool == true }, "created without a location: stale")
            #expect((lines.first?["value"] as? [String: Any])?["vehicleState"] as? String == "OFFLINE")

            let text = try await TriptermBinary.run([
                "fleet", "--provider", "providers/p", "--backend", server.url, "--token", server.token, "--once",
                "--state", "offline", "--vehicle-type", "auto",
            ])
            #expect(text.status == 0, "\(text.stderr)")
            let textLines = text.stdout.split(separator: "\n")
            #expect(textLines.count == 3)
            #expect(textLines.allSatisfy { $0.contains("appeared") && $0.contains("OFFLINE") && $0.hasSuffix("stale") })

            let online = try await TriptermBinary.run([
                "fleet", "--provider", "p", "--backend", server.url, "--token", server.token, "--once", "--state",
                "ONLINE",
            ])
            #expect(online.status == 0 && online.stdout.isEmpty, "no ONLINE vehicle: \(online.stdout)")
        }
    }

    /// `--viewport` reaches ListVehicles: only the vehicle last seen inside the box is listed.
    @Test func theViewportNarrowsTheListing() async throws {
        try await LocalServerProcess.with { server in
            for (id, latitude, longitude) in [("monaco", 43.7384, 7.4246), ("paris", 48.8566, 2.3522)] {
                try await server.createVehicle(id)
                _ = try await server.send(
                    "PUT", "/v1/providers/p/vehicles/\(id)?updateMask=lastLocation",
                    body: #"{"lastLocation":{"location":{"latitude":\#(latitude),"longitude":\#(longitude)}}}"#)
            }
            let out = try await TriptermBinary.run([
                "fleet", "--provider", "p", "--backend", server.url, "--token", server.token, "--once", "--json",
                "--viewport", "43.7,7.4,43.8,7.5",
            ])
            #expect(out.status == 0, "\(out.stderr)")
            let vehicles = out.stdout.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["vehicle"] as? String
            }
            #expect(vehicles == ["providers/p/vehicles/monaco"])
        }
    }

    @Test func aFailedListingIsOneClearLineAndExitOne() async throws {
        let out = try await TriptermBinary.run([
            "fleet", "--provider", "p", "--backend", "http://127.0.0.1:9", "--token", "t", "--once",
        ])
        #expect(out.status == 1)
        #expect(out.stdout.contains("failed") && out.stdout.contains("UNAVAILABLE (recoverable)"), "\(out.stdout)")
        #expect(out.stderr.contains("UNAVAILABLE (recoverable)"), "\(out.stderr)")
        // It exits: it must not promise to retry.
        #expect(out.stderr.contains("nothing was listed") && !out.stderr.contains("retrying"), "\(out.stderr)")
    }

    /// `--headless`, which every command with a screen takes, prints the lines; with `--json`, JSON Lines.
    @Test func headlessIsTakenAsByTheOtherScreens() async throws {
        try await LocalServerProcess.with { server in
            try await server.createVehicle("v1")
            for extra in [[], ["--json"]] {
                let out = try await TriptermBinary.run(
                    [
                        "fleet", "--provider", "p", "--backend", server.url, "--token", server.token, "--headless",
                        "--once",
                    ]
                        + extra)
                #expect(out.status == 0, "\(out.stderr)")
                #expect(out.stdout.contains("appeared") && out.stdout.contains("providers/p/vehicles/v1"))
                #expect(out.stdout.hasPrefix("{") == !extra.isEmpty, "\(out.stdout)")
            }
        }
    }

    @Test func badOptionsFailWithOneClearLine() async throws {
        let cases: [([String], String)] = [
            (["fleet", "--provider", "p", "--vehicle-type", "boat", "--once"], "--vehicle-type: 'boat'"),
            (["fleet", "--provider", "p", "--state", "parked", "--once"], "--state: 'parked'"),
            (["fleet", "--provider", "p", "--interval", "0.5"], "--interval must be"),
            (["fleet", "--provider", "a/b", "--once", "--token", "t"], "--provider: expected"),
            (["fleet", "--provider", "p", "--viewport", "1,2,3", "--once"], "--viewport: expected four numbers"),
            (["fleet", "--provider", "p", "--viewport", "50,2,40,3", "--once"], "--viewport: latitudes must be"),
            (["fleet", "--provider", "p", "--tasks", "--kind", "trips", "--once"], "not with --kind trips"),
            (["fleet", "--provider", "p", "--task-filter", "state = OPEN", "--once"], "add --tasks"),
            (["fleet", "--provider", "p", "--kind", "vans", "--once"], "--kind"),
        ]
        for (arguments, message) in cases {
            let out = try await TriptermBinary.run(arguments)
            #expect(out.status != 0, "\(arguments)")
            #expect(out.stderr.contains(message), "\(arguments): \(out.stderr)")
        }
    }

    /// Delivery vehicles beside the car, each with its stops and open tasks from the server's ListTasks; `--tasks`
    /// prints the task list instead, narrowed by `--task-filter`; `--kind trips` leaves the vans out.
    @Test func deliveryVehiclesAndTasksAreListedBesideTheCars() async throws {
        try await LocalServerProcess.with { server in
            try await server.createVehicle("car")
            let client = try FleetEngineClient.serverClient(baseURL: server.url, token: server.token)
            let van = try DeliveryVehicleName(provider: "p", vehicleID: "van-1")
            let here = LatLng(latitude: 43.7347, longitude: 7.4206)
            _ = try await client.createDeliveryVehicle(
                DeliveryVehicle(lastLocation: DeliveryVehicleLocation(location: here)), name: van)
            _ = try await client.createDeliveryVehicle(
                DeliveryVehicle(), name: try DeliveryVehicleName(provider: "p", vehicleID: "van-2"))
            let first = LatLng(latitude: 43.7396, longitude: 7.4275),
                second = LatLng(latitude: 43.7420, longitude: 7.4300)
            for (id, point) in [("t1", first), ("t2", first), ("t3", second), ("t4", second)] {
                _ = try await client.createTask(
                    DeliveryTask(
                        type: .delivery, state: .open, trackingId: "parcel-" + id,
                        plannedLocation: LocationInfo(point: point), taskDuration: ProtoDuration(seconds: 120)),
                    name: try TaskName(provider: "p", taskID: id))
            }
            // van-1 serves t1 and t2 at its first stop, t3 at its second; t4 waits for a vehicle.
            func stop(_ point: LatLng, _ tasks: [String]) -> VehicleJourneySegment {
                VehicleJourneySegment(
                    stop: VehicleStop(
                        plannedLocation: LocationInfo(point: point), tasks: tasks.map { .init(taskId: $0) }, state: .new
                    ))
            }
            _ = try await client.updateDeliveryVehicle(
                DeliveryVehicle(remainingVehicleJourneySegments: [stop(first, ["t1", "t2"]), stop(second, ["t3"])]),
                name: van, updateMask: ["remainingVehicleJourneySegments"])
            let base = ["fleet", "--provider", "p", "--backend", server.url, "--token", server.token, "--once"]

            let json = try await TriptermBinary.run(base + ["--json"])
            #expect(json.status == 0, "\(json.stderr)")
            let lines = Self.objects(json.stdout)
            #expect(
                lines.map { $0["vehicle"] as? String } == [
                    "providers/p/deliveryVehicles/van-1", "providers/p/deliveryVehicles/van-2",
                    "providers/p/vehicles/car",
                ])
            #expect(lines.map { $0["kind"] as? String } == ["delivery", "delivery", "on-demand"])
            #expect(lines.first?["stops"] as? [[String]] == [["t1", "t2"], ["t3"]], "\(json.stdout)")
            #expect(lines.dropFirst().first?["stops"] as? [[String]] == [])

            let text = try await TriptermBinary.run(base)
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains("deliveryVehicles/van-1  DELIVERY 2 stops tasks t1,t2,t3"), "\(text.stdout)")

            let trips = try await TriptermBinary.run(base + ["--json", "--kind", "trips"])
            #expect(Self.objects(trips.stdout).map { $0["vehicle"] as? String } == ["providers/p/vehicles/car"])

            let tasks = try await TriptermBinary.run(base + ["--tasks"])
            #expect(tasks.status == 0, "\(tasks.stderr)")
            let taskLines = tasks.stdout.split(separator: "\n")
            #expect(taskLines.count == 4 && taskLines.allSatisfy { $0.contains("appeared") }, "\(tasks.stdout)")
            #expect(taskLines.last?.contains("providers/p/tasks/t4  DELIVERY OPEN tracking parcel-t4") == true)

            let filtered = try await TriptermBinary.run(
                base + ["--tasks", "--json", "--task-filter", #"state = OPEN AND delivery_vehicle_id = "van-1""#])
            #expect(filtered.status == 0, "\(filtered.stderr)")
            let picked = Self.objects(filtered.stdout)
            #expect(picked.map { $0["task"] as? String } == ["t1", "t2", "t3"].map { "providers/p/tasks/\($0)" })
            #expect(picked.allSatisfy { ($0["value"] as? [String: Any])?["deliveryVehicleId"] as? String == "van-1" })

            let refused = try await TriptermBinary.run(base + ["--tasks", "--task-filter", "colour = red"])
            #expect(refused.status == 1 && refused.stderr.contains("INVALID_ARGUMENT"), "\(refused.stderr)")
            #expect(refused.stderr.contains("check the task filter"), "\(refused.stderr)")
        }
    }

    static func objects(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }
}
