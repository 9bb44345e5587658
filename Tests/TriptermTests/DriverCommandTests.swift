import FleetModel
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `tripterm driver` as a user runs it: against `tripterm serve`, fed by a simulated drive or by gpsd.
@Suite(.serialized) struct DriverCommandTests {
    static var gpsfake: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/gpsfake" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static let nmeaLog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DriverKitTests/Fixtures/monaco-drive.nmea").path

    @Test func badOptionsFailWithOneClearLine() async throws {
        let cases: [([String], String)] = [
            (["driver", "--vehicle", "providers/p/vehicles/v1", "--headless"], "choose where locations come from"),
            (["driver", "--vehicle", "providers/p/vehicles/v1", "--simulate", "--gpx", "a.gpx"], "do not go together"),
            (
                ["driver", "--vehicle", "providers/p/vehicles/v1", "--simulate", "--interval", "4"],
                "--interval must be between 5 and 60"
            ),
            (
                ["driver", "--vehicle", "providers/p/vehicles/v1", "--gpsd", "host:x"],
                "gpsd address \"host:x\" is not HOST:PORT"
            ),
            (
                ["driver", "--vehicle", "providers/p/vehicles/v1", "--gpx", "a.gpx", "--noise", "3"],
                "--drive-speed and --noise go with --simulate"
            ),
            (["driver", "--vehicle", "vehicles/v1", "--simulate", "--headless"], "--vehicle: "),
            (["driver", "--simulate", "--headless"], "name the vehicle to drive"),
            (
                [
                    "driver", "--vehicle", "providers/p/vehicles/v1", "--delivery-vehicle",
                    "providers/p/deliveryVehicles/v1", "--simulate",
                ], "name the vehicle to drive"
            ),
            (
                ["driver", "--delivery-vehicle", "providers/p/vehicles/v1", "--simulate", "--headless"],
                "--delivery-vehicle: "
            ),
        ]
        for (arguments, message) in cases {
            let out = try await TriptermBinary.run(arguments)
            #expect(out.status != 0, "\(arguments)")
            #expect(out.stderr.contains(message), "\(arguments): \(out.stderr)")
            #expect(out.stdout.isEmpty)
        }
    }

    /// A GPX or NMEA file that cannot be used is reported with its place before any server is asked: here the
    /// backend is a port nobody listens on, and the error is still the file's.
    @Test func aBadTrackFileIsReportedBeforeTheBackendIsReached() async throws {
        let directory = try Repository.temporaryDirectory("driver-bad-gpx")
        defer { try? FileManager.default.removeItem(at: directory) }
        let gpx = directory.appendingPathComponent("bad.gpx").path
        try "<gpx>\n<trk><trkseg>\n<trkpt lat=\"95\" lon=\"7\"></trkpt>\n</trkseg></trk></gpx>\n"
            .write(toFile: gpx, atomically: true, encoding: .utf8)
        let out = try await TriptermBinary.run([
            "driver", "--vehicle", "providers/p/vehicles/v1", "--backend", "http://127.0.0.1:9", "--token", "t",
            "--gpx", gpx, "--headless",
        ])
        #expect(out.status == 1, "\(out.stderr)")
        #expect(out.stderr.contains("\(gpx):3:1: <trkpt> lat=\"95\" is not a latitude"), "\(out.stderr)")
        #expect(!out.stderr.contains("UNAVAILABLE"), "no request was sent")
        #expect(out.stdout.isEmpty)
    }

    @Test func simulatedDriveCarriesATripToCompleteAndEndsOffline() async throws {
        try await LocalServerProcess.with { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            let out = try await TriptermBinary.run([
                "driver", "--vehicle", "providers/p/vehicles/v1", "--backend", server.url, "--token", server.token,
                "--simulate", "--speed", "30", "--interval", "5", "--auto-advance", "--headless",
            ])
            #expect(out.status == 0, "\(out.stderr)")
            let lines = out.stdout.split(separator: "\n").map(String.init)
            for status in ["ENROUTE_TO_PICKUP", "ARRIVED_AT_PICKUP", "ENROUTE_TO_DROPOFF", "COMPLETE"] {
                #expect(lines.contains { $0.hasSuffix("trip t1 \(status)") }, "\(status): \(out.stdout)")
            }
            // Reports come every 5 s of real time and the drive takes about 13 s, so which navigation state the
            // two or three reports on the way catch (en route, or arrived at a stop) depends on timing.
            #expect(
                lines.contains {
                    $0.contains(" ok ") && $0.contains(" nav=") && !$0.contains("nav=NO_GUIDANCE")
                        && $0.contains(" remaining=")
                },
                "\(out.stdout)")
            #expect(lines.contains { $0.contains("state=OFFLINE") })
            #expect(lines.last?.contains("stopped:") == true)
            let trip = try await server.get("/v1/providers/p/trips/t1")
            #expect(trip["tripStatus"] as? String == "COMPLETE")
            let vehicle = try await server.get("/v1/providers/p/vehicles/v1")
            #expect(vehicle["vehicleState"] as? String == "OFFLINE")
        }
    }

    @Test func jsonLinesCarryEachUpdateAsFleetEngineJSON() async throws {
        try await LocalServerProcess.with { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            let out = try await TriptermBinary.run([
                "driver", "--vehicle", "providers/p/vehicles/v1", "--backend", server.url, "--token", server.token,
                "--simulate", "--speed", "30", "--interval", "5", "--auto-advance", "--headless", "--json",
            ])
            #expect(out.status == 0, "\(out.stderr)")
            let lines = try out.stdout.split(separator: "\n").map { line in
                try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            }
            #expect(lines.allSatisfy { ($0["time"] as? String)?.hasSuffix("Z") == true && $0["value"] != nil })
            let updates = lines.filter { $0["event"] as? String == "update" }.compactMap {
                $0["value"] as? [String: Any]
            }
            let sent = updates.map { ($0["vehicle"] as? [String: Any]) ?? [:] }
            let located = try #require(sent.firstIndex { $0.keys.contains("lastLocation") }, "\(sent)")
            #expect((updates[located]["updateMask"] as? [String])?.contains("lastLocation") == true)
            #expect(sent.contains { $0["vehicleState"] as? String == "OFFLINE" })
            #expect(
                lines.contains {
                    $0["event"] as? String == "log" && ($0["value"] as? String)?.hasSuffix("trip t1 COMPLETE") == true
                })
            let last = lines.last
            #expect(last?["event"] as? String == "stopped")
            #expect(((last?["value"] as? [String: Any])?["ok"] as? Int ?? 0) > 0, "\(last ?? [:])")
        }
    }

    /// A delivery van with two stops, driven by `--simulate --auto-advance`: every stop arrived at and completed,
    /// every task closed SUCCEEDED, and the van reported through UpdateDeliveryVehicle along the way.
    @Test(.timeLimit(.minutes(3))) func simulatedDeliveryDriveClosesEveryTask() async throws {
        try await LocalServerProcess.with { server in
            try await server.createDeliveryVan("van1", stops: [("a", 43.7315, 7.4200), ("b", 43.7395, 7.4280)])
            let out = try await TriptermBinary.run([
                "driver", "--delivery-vehicle", "providers/p/deliveryVehicles/van1", "--backend", server.url,
                "--token", server.token, "--simulate", "--auto-advance", "--speed", "40", "--interval", "5",
                "--headless",
            ])
            #expect(out.status == 0, "\(out.stderr)")
            for line in [
                "stop 1 of 2 ENROUTE", "stop 1 of 2 ARRIVED", "task a SUCCEEDED", "stop 1 of 1 ARRIVED",
                "task b SUCCEEDED", "stop completed: 1 task closed, 0 stops left",
            ] {
                #expect(out.stdout.contains(line), "\(line) missing from:\n\(out.stdout)")
            }
            #expect(out.stdout.contains("nav=ENROUTE_TO_DESTINATION"))
            #expect(!out.stdout.contains("state="), "a delivery vehicle has no state")
            for id in ["a", "b"] {
                let task = try await server.get("/v1/providers/p/tasks/\(id)")
                #expect(task["state"] as? String == "CLOSED")
                #expect(task["taskOutcome"] as? String == "SUCCEEDED")
            }
            let van = try await server.get("/v1/providers/p/deliveryVehicles/van1")
            #expect(van["lastLocation"] != nil)
            #expect(van["remainingVehicleJourneySegments"] == nil)
        }
    }

    @Test(.enabled(if: gpsfake != nil, "gpsfake (Debian gpsd-clients) is not installed"), .timeLimit(.minutes(3)))
    func gpsdFedByGpsfakeMovesTheVehicleARiderFollows() async throws {
        try await LocalServerProcess.with { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            let port = try freePort()
            // -c: 0.1 s between sentences, three sentences a fix: a fix every 0.3 s, cycling through the log.
            // gpsfake starts gpsd in its process group: stopping the group stops both.
            let gpsd = try await ChildProcess.start(Self.gpsfake!, ["-q", "-c", "0.1", "-P", "\(port)", Self.nmeaLog])
            defer { gpsd.stopSoon() }
            let driver = try await ChildProcess.start(
                TriptermBinary.url.path,
                [
                    "driver", "--vehicle", "providers/p/vehicles/v1", "--backend", server.url, "--token", server.token,
                    "--gpsd", "127.0.0.1:\(port)", "--interval", "5", "--headless",
                ])
            defer { driver.stopSoon() }

            // What a rider polling the trip sees: the vehicle's position, moving.
            var seen: [String] = []
            for _ in 0..<90 where Set(seen).count < 2 {
                try await Task.sleep(for: .seconds(1))
                let trip = try await server.get("/v1/providers/p/trips/t1")
                if let location = (trip["lastLocation"] as? [String: Any])?["location"] as? [String: Any],
                    let lat = location["latitude"] as? Double, let lon = location["longitude"] as? Double
                {
                    #expect(abs(lat - 43.735) < 0.01 && abs(lon - 7.423) < 0.01, "near Monaco: \(lat),\(lon)")
                    seen.append("\(lat),\(lon)")
                }
            }
            #expect(
                Set(seen).count >= 2, "the trip's lastLocation did not move: \(seen); driver said: \(driver.output)")
            let vehicle = try await server.get("/v1/providers/p/vehicles/v1")
            #expect(vehicle["vehicleState"] as? String == "ONLINE")
            #expect((vehicle["lastLocation"] as? [String: Any])?["locationSensor"] as? String == "GPS")

            let status = try await driver.interruptAndWait()
            #expect(status == 0, "\(driver.output)")
            #expect(driver.output.contains("state=OFFLINE"), "\(driver.output)")
            let after = try await server.get("/v1/providers/p/vehicles/v1")
            #expect(after["vehicleState"] as? String == "OFFLINE")
            // Ended here, gpsd with it, not left to the deferred stopSoon's task, which the test process may not outlive.
            try await gpsd.killHard()
        }
    }
}

/// `tripterm serve --port 0` on a throwaway database, with a server token and JSON over HTTP.
struct LocalServerProcess {
    let url: String
    let token: String

    static func with(_ body: (LocalServerProcess) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tripterm-driver-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let db = directory.appendingPathComponent("fleet.sqlite").path
        let server = try await ChildProcess.start(TriptermBinary.url.path, ["serve", "--port", "0", "--db", db])
        defer { server.stopSoon() }
        guard let line = await server.waitForLine(containing: "listening on http://", timeout: 30),
            let range = line.range(of: "http://")
        else { throw CommandFailed("tripterm serve did not start: \(server.output)") }
        let token = try await TriptermBinary.run(["token", "--server", "--db", db]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        try await body(LocalServerProcess(url: String(line[range.lowerBound...]), token: token))
    }

    func get(_ path: String) async throws -> [String: Any] {
        try await send("GET", path, body: nil)
    }

    func createVehicle(_ id: String) async throws {
        _ = try await send(
            "POST", "/v1/providers/p/vehicles?vehicleId=\(id)",
            body:
                #"{"vehicleState":"OFFLINE","supportedTripTypes":["EXCLUSIVE"],"maximumCapacity":4,"vehicleType":{"category":"AUTO"}}"#
        )
    }

    /// A trip from the Palace to the Casino, assigned to `vehicle`.
    func createTrip(_ id: String, vehicle: String) async throws {
        _ = try await send(
            "POST", "/v1/providers/p/trips?tripId=\(id)",
            body:
                #"{"tripType":"EXCLUSIVE","vehicleId":"\#(vehicle)","pickupPoint":{"point":{"latitude":43.7315,"longitude":7.4200}},"dropoffPoint":{"point":{"latitude":43.7395,"longitude":7.4280}},"numberOfPassengers":1}"#
        )
    }

    /// A delivery vehicle with one DELIVERY task per stop (the task named after the stop), its stops assigned.
    func createDeliveryVan(_ id: String, stops: [(task: String, latitude: Double, longitude: Double)]) async throws {
        _ = try await send(
            "POST", "/v1/providers/p/deliveryVehicles?deliveryVehicleId=\(id)", body: #"{"type":"AUTO"}"#)
        var segments: [String] = []
        for stop in stops {
            let point = #"{"point":{"latitude":\#(stop.latitude),"longitude":\#(stop.longitude)}}"#
            _ = try await send(
                "POST", "/v1/providers/p/tasks?taskId=\(stop.task)",
                body:
                    #"{"type":"DELIVERY","state":"OPEN","trackingId":"parcel-\#(stop.task)","plannedLocation":\#(point),"taskDuration":"60s"}"#
            )
            segments.append(
                #"{"stop":{"plannedLocation":\#(point),"tasks":[{"taskId":"\#(stop.task)"}],"state":"NEW"}}"#)
        }
        _ = try await send(
            "PATCH", "/v1/providers/p/deliveryVehicles/\(id)?updateMask=remainingVehicleJourneySegments",
            body: #"{"remainingVehicleJourneySegments":[\#(segments.joined(separator: ","))]}"#)
    }

    func send(_ method: String, _ path: String, body: String?) async throws -> [String: Any] {
        let (status, object) = try await FleetHTTP(url: url, token: token).send(method, path, body)
        guard status == 200 else { throw CommandFailed("\(method) \(path): HTTP \(status) \(object)") }
        return object
    }
}

struct CommandFailed: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A free loopback TCP port (bound, read, closed).
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
        }
    }
    guard bound else { throw CommandFailed("no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
}
