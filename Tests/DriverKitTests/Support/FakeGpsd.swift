import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A loopback stand-in for gpsd: each connection gets the next script of lines once its client sent a line
/// (the `?WATCH`), and is then closed — except the last script's, which stays open, as a running gpsd does.
final class FakeGpsd: Sendable {
    let port: Int
    private let received = NIOLockedValueBox<[String]>([])
    private let task: Task<Void, any Error>

    /// Lines the clients sent, one per connection.
    var commands: [String] { received.withLockedValue { $0 } }

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    static func start(scripts: [[String]]) async throws -> FakeGpsd {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let port = server.channel.localAddress?.port ?? 0
        let box = NIOLockedValueBox<FakeGpsd?>(nil)
        let task = Task {
            try await server.executeThenClose { connections in
                var index = 0
                for try await connection in connections {
                    let script = scripts[min(index, scripts.count - 1)]
                    let last = index >= scripts.count - 1
                    index += 1
                    try await connection.executeThenClose { inbound, outbound in
                        var pending = ""
                        var reader = inbound.makeAsyncIterator()
                        while !pending.contains("\n"), let chunk = try await reader.next() {
                            pending += String(buffer: chunk)
                        }
                        let command = pending
                        box.withLockedValue { $0?.received.withLockedValue { $0.append(command) } }
                        for line in script { try await outbound.write(ByteBuffer(string: line + "\n")) }
                        if last { while try await reader.next() != nil {} }
                    }
                }
            }
        }
        let fake = FakeGpsd(port: port, task: task)
        box.withLockedValue { $0 = fake }
        return fake
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
