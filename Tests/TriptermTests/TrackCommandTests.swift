import FleetModel
import Foundation
import TestSupport
import Testing

/// `tripterm track` as a shipment's consumer runs it, against a loopback server playing Fleet Engine's
/// GetTaskTrackingInfo: one line per change, what the visibility rules hide, failures classed, and exit 0 once the
/// task is CLOSED.
@Suite struct TrackCommandTests {
    static func info(_ state: String, _ extra: String = "") -> String {
        #"{"name": "providers/demo/taskTrackingInfo/parcel-1", "trackingId": "parcel-1", "state": "\#(state)", "#
            + #""plannedLocation": {"point": {"latitude": 43.7396, "longitude": 7.4275}}\#(extra)}"#
    }

    static let script: [(Int, String)] = [
        (200, info("OPEN")),
        // On the van's route, its place hidden by the task's rules.
        (200, info("OPEN", #", "remainingStopCount": 2, "estimatedArrivalTime": "2030-01-01T12:10:00Z""#)),
        (503, #"{"error": {"code": 503, "message": "restarting", "status": "UNAVAILABLE"}}"#),
        (
            200,
            info(
                "OPEN",
                #", "remainingStopCount": 1, "estimatedArrivalTime": "2030-01-01T12:04:00Z", "vehicleLocation": {"location": {"latitude": 43.738, "longitude": 7.425}}"#
            )
        ),
        (200, info("CLOSED", #", "taskOutcome": "SUCCEEDED", "taskOutcomeTime": "2030-01-01T12:05:00Z""#)),
    ]

    @Test func trackPrintsEachChangeWhatIsHiddenAndExitsOnceClosed() async throws {
        let (out, requests) = try await RiderCommandTests.withFake(Self.script) { url in
            try await RiderCommandTests.run([
                "track", "--provider", "demo", "--tracking-id", "parcel-1", "--backend", url, "--poll-ms", "20",
                "--token", "tok",
            ])
        }
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        func values(_ element: String) -> [String] {
            lines.filter { $0.contains("  \(element) ") }.map {
                String($0.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).last ?? "")
                    .trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(values("state") == ["OPEN", "CLOSED"], "\(out.stdout)")
        #expect(values("remainingStopCount") == ["2 stops away", "the next stop", "none"], "\(out.stdout)")
        #expect(values("hidden").first?.contains("vehicleLocation") == true, "\(out.stdout)")
        #expect(lines.contains { $0.contains("error") && $0.contains("UNAVAILABLE (recoverable): restarting") })
        #expect(
            lines.last?.contains("closed") == true && lines.last?.contains("SUCCEEDED at 2030-01-01T12:05:00Z") == true)
        #expect(requests.count == 5)
        #expect(
            requests.allSatisfy {
                $0 == "GET /v1/providers/demo/taskTrackingInfo/parcel-1?%24alt=json%3Benum-encoding%3Dint Bearer tok"
            }, "\(requests)")
    }

    @Test func jsonLinesNameTheElementAndCarryFleetEnginesJSON() async throws {
        let (out, _) = try await RiderCommandTests.withFake(Array(Self.script.suffix(2))) { url in
            try await RiderCommandTests.run([
                "track", "--provider", "demo", "--tracking-id", "parcel-1", "--backend", url, "--poll-ms", "20",
                "--json", "--token", "tok",
            ])
        }
        #expect(out.status == 0, "\(out.stderr)")
        let values = try out.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
        }
        let location = try #require(values.first { $0["element"] == .string("vehicleLocation") })
        #expect(location["value"]?["location"]?["latitude"] == .number(43.738))
        #expect(values.last?["element"] == .string("closed") && values.last?["value"] == .string("SUCCEEDED"))
    }

    @Test func anIntervalBelowTheSDKsFloorIsRefused() async throws {
        let out = try await RiderCommandTests.run([
            "track", "--provider", "demo", "--tracking-id", "parcel-1", "--interval", "2",
        ])
        #expect(out.status != 0 && out.stderr.contains("at least 5"), "\(out.stderr)")
    }
}

/// `tripterm track` on a real terminal (tmux) against `tripterm serve`: the shipment's screen opens on the van's way
/// to the parcel, `r` polls, and `q` restores the terminal.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux")) struct TrackScreenTests {
    /// `r` is judged by what only a poll can bring — a stop added ahead of the parcel's, with the next poll an hour
    /// away — not by its "polled" notice: that lasts 3 s, and in a full run this test's own task could wait longer
    /// than that for the pool between sending the key and looking (a probe measured 8 s; the notice had been drawn).
    /// ShipmentAppTests checks the notice.
    @Test func theShipmentOnTheMapThenQuit() async throws {
        try await LocalServerProcess.with { server in
            let stop = #"{"latitude":43.7396,"longitude":7.4275}"#
            let ahead = #"{"latitude":43.7370,"longitude":7.4240}"#
            _ = try await server.send(
                "POST", "/v1/providers/p/deliveryVehicles?deliveryVehicleId=van-1",
                body: #"{"lastLocation":{"location":{"latitude":43.7347,"longitude":7.4206}}}"#)
            for (task, point) in [("t0", ahead), ("t1", stop)] {
                _ = try await server.send(
                    "POST", "/v1/providers/p/tasks?taskId=\(task)",
                    body:
                        #"{"type":"DELIVERY","state":"OPEN","trackingId":"parcel-\#(task)","taskDuration":"60s","plannedLocation":{"point":\#(point)}}"#
                )
            }
            func segment(_ task: String, _ point: String) -> String {
                #"{"stop":{"state":"NEW","plannedLocation":{"point":\#(point)},"tasks":[{"taskId":"\#(task)"}]}}"#
            }
            _ = try await server.send(
                "PATCH", "/v1/providers/p/deliveryVehicles/van-1?updateMask=remainingVehicleJourneySegments",
                body: #"{"remainingVehicleJourneySegments":[\#(segment("t1", stop))]}"#)
            let session = try await TmuxSession.start(width: 100, height: 30) { dir in
                "trap true INT; stty -g > \(dir)/before; TERM=xterm-256color '\(TriptermBinary.url.path)' track "
                    + "--provider p --tracking-id parcel-t1 --backend \(server.url) --token \(server.token) "
                    + "--interval 3600; echo $? > \(dir)/status; stty -g > \(dir)/after; sleep 60"
            }
            try await session.expectScreen(
                showing: "Shipment parcel-t1", "you are the next stop", "to drive", "r poll now")
            _ = try await server.send(
                "PATCH", "/v1/providers/p/deliveryVehicles/van-1?updateMask=remainingVehicleJourneySegments",
                body: #"{"remainingVehicleJourneySegments":[\#(segment("t0", ahead)),\#(segment("t1", stop))]}"#)
            try await session.send("r")
            try await session.expectScreen(showing: "Shipment parcel-t1", "2 stops away")
            try await session.send("q")
            try await session.expectExitStatus()
            let (after, before) = (await session.waitForFile("after"), await session.waitForFile("before"))
            #expect(after == before)
            #expect(try await session.value("#{alternate_on}") == "0")
        }
    }
}
