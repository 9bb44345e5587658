import FleetModel
import Foundation
import Logging
import TestSupport
import Testing

@testable import FleetServer

/// The log export's queue: a slow disk never holds a call; what does not fit is dropped, counted and said.
@Suite struct CallLogExportTests {
    static func call(_ vehicle: String = "v1") -> LoggedCall {
        LoggedCall(
            method: .getVehicle, time: ProtoTimestamp(seconds: 1_700_000_000),
            request: GetVehicleRequest(name: "providers/p/vehicles/\(vehicle)"),
            outcome: .failure(.notFound("vehicle \(vehicle) not found")))
    }

    static func lines(_ path: String) throws -> [Substring] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    }

    @Test func aFullQueueDropsAndCountsInsteadOfWaiting() async throws {
        let path = try Repository.temporaryDirectory("log-export").appendingPathComponent("calls.jsonl").path
        let logs = LogCapture()
        let export = try CallLogExport(
            options: .init(path: path, capacity: 3), logger: Logger(label: "test") { _ in logs.handler() })
        // The writer held, as a disk that does not answer holds it.
        export.hold()
        let start = ContinuousClock.now
        for index in 0..<10 { export.offer(Self.call("v\(index)")) }
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(export.queued == 3)
        #expect(export.summary.dropped == 7)
        #expect(try Self.lines(path).isEmpty)

        export.release()
        let summary = await export.finish()
        #expect(summary == CallLogExport.Summary(written: 3, dropped: 7, failed: 0))
        // The first three calls, in the order they came.
        let written = try Self.lines(path).map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        #expect(written.map { $0?["labels"] as? [String: String] }.map { $0?["vehicle_id"] } == ["v0", "v1", "v2"])
        #expect(logs.all.contains { $0.contains("7 calls not logged") })
        #expect(logs.all.contains { $0.contains("3 entries written to \(path); 7 calls dropped") })
        // Calls after the end are ignored, not written into a closed file.
        export.offer(Self.call())
        #expect(await export.finish() == summary)
    }

    /// Waits (five seconds at most) until the writer has done what `done` says.
    static func waitUntil(_ done: () -> Bool) async throws {
        for _ in 0..<500 where !done() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(done())
    }

    @Test func dropsAreSaidAtOnceThenAtMostEveryTenSecondsAndAtTheEnd() async throws {
        let path = try Repository.temporaryDirectory("log-export").appendingPathComponent("calls.jsonl").path
        let logs = LogCapture()
        // The server's clock stands still: ten seconds never pass, however slow the machine.
        let export = try CallLogExport(
            options: .init(path: path, capacity: 1), logger: Logger(label: "test") { _ in logs.handler() },
            clock: { Date(timeIntervalSince1970: 1_800_000_000) })
        let said = { logs.all.filter { $0.contains("calls not logged") } }
        export.hold()
        for _ in 0..<3 { export.offer(Self.call()) }
        export.release()
        try await Self.waitUntil { !said().isEmpty }
        #expect(said().count == 1 && said()[0].contains("2 calls not logged"), "\(said())")
        // More drops within ten seconds of that line: counted, not said yet.
        export.hold()
        for _ in 0..<3 { export.offer(Self.call()) }
        export.release()
        try await Self.waitUntil { export.summary.written == 2 }
        // The line would come right after the write: give it the time to.
        try await Task.sleep(for: .milliseconds(100))
        #expect(said().count == 1, "\(said())")
        // At the end, what was not said yet, and the total.
        await export.finish()
        #expect(said().count == 2 && said()[1].contains("2 calls not logged") && said()[1].contains("4 dropped in all"))
    }

    @Test func theServerAnswersWhileTheWriterIsStuck() async throws {
        let path = try Repository.temporaryDirectory("log-export").appendingPathComponent("calls.jsonl").path
        let server = try await TestServer.start(logExport: path, logExportCapacity: 2)
        let export = try #require(server.server.core.callLog)
        export.hold()
        let token = try await server.serverToken()
        for _ in 0..<6 {
            let response = try await server.request(.GET, "/v1/providers/p/vehicles/v9", token: token)
            #expect(response.status == 404)
        }
        #expect(export.summary.dropped == 4)
        export.release()
        await server.stop()
        #expect(export.summary == CallLogExport.Summary(written: 2, dropped: 4, failed: 0))
        #expect(try Self.lines(path).count == 2)
    }

    @Test func theFleetDebuggerDocumentIsOneJSONObjectWithRawLogs() async throws {
        let path = try Repository.temporaryDirectory("log-export").appendingPathComponent("calls.json").path
        let export = try CallLogExport(
            options: .init(path: path, format: .fleetDebugger), logger: LocalFleetServer.quietLogger)
        export.offer(Self.call("v1"))
        export.offer(Self.call("v2"))
        await export.finish()
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect((document["rawLogs"] as? [Any])?.count == 2)
        #expect(document["projectId"] as? String == "p")
        #expect(document["vehicle"] as? String == "v1")
    }
}
