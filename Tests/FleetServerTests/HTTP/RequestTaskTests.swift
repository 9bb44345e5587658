import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import FleetServer

/// ``FleetHTTPChannel/inTaskOfItsOwn(_:)``: each HTTP/1.1 request is answered in a child task of the connection's,
/// so that the frames of its middleware chain go with it instead of staying with the idle connection (see
/// docs/PERFORMANCE.md, idle TLS connections), and the child still sees what the connection's task sets, answers
/// through the connection's writer, and fails the connection's call when it throws.
@Suite struct RequestTaskTests {
    @TaskLocal static var connection: String?

    @Test func eachRequestIsAnsweredInAChildTaskThatWritesTheConnectionsAnswer() async throws {
        let tasks = TaskRecord()
        let respond = FleetHTTPChannel.inTaskOfItsOwn { _, writer, _ in
            await tasks.note(current: Self.currentTask(), sees: Self.connection)
            try await writer.writeResponse(HTTPResponse(status: .noContent))
        }
        let (outbound, sink) = NIOAsyncChannelOutboundWriter<HTTPResponsePart>.makeTestingWriter()
        let channel = EmbeddedChannel()
        defer { _ = try? channel.finish() }  // else the channel and its pipeline hold each other
        try await Self.$connection.withValue("connection-1") {
            let caller = Self.currentTask()
            for path in ["/first", "/second"] {
                let request = Request(
                    head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: path),
                    body: RequestBody(buffer: .init()))
                try await respond(request, ResponseWriter(outbound: outbound), channel)
            }
            let seen = await tasks.seen
            #expect(seen.count == 2)
            #expect(seen.allSatisfy { $0.task != caller }, "a request ran in the connection's own task")
            #expect(seen.allSatisfy { $0.local == "connection-1" }, "the child did not inherit the task-local")
        }
        outbound.finish()
        var statuses: [HTTPResponse.Status] = []
        for await part in sink {
            if case .head(let head) = part { statuses.append(head.status) }
        }
        #expect(statuses == [.noContent, .noContent])
    }

    @Test func aRequestsErrorReachesTheConnection() async throws {
        struct Refused: Error {}
        let respond = FleetHTTPChannel.inTaskOfItsOwn { _, _, _ in throw Refused() }
        let (outbound, _) = NIOAsyncChannelOutboundWriter<HTTPResponsePart>.makeTestingWriter()
        let request = Request(
            head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/"), body: RequestBody(buffer: .init()))
        let channel = EmbeddedChannel()
        defer { _ = try? channel.finish() }
        await #expect(throws: Refused.self) {
            try await respond(request, ResponseWriter(outbound: outbound), channel)
        }
    }

    /// The running task's identity while it lives (a task that has ended may share a later one's).
    private static func currentTask() -> Int {
        withUnsafeCurrentTask { $0?.hashValue } ?? 0
    }
}

/// The tasks the requests ran in, as they saw them.
private actor TaskRecord {
    private(set) var seen: [(task: Int, local: String?)] = []

    func note(current task: Int, sees local: String?) {
        seen.append((task, local))
    }
}
