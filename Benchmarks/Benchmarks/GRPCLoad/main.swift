import FleetEngineProto
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2

// `GRPCLoad HOST:PORT TOKEN TRIP_NAME [STREAMS] [SECONDS] [CONNECTIONS]`: GetTrip over gRPC as fast as STREAMS
// concurrent calls (64) spread over CONNECTIONS HTTP/2 connections (4) can go for SECONDS (10), the gRPC
// counterpart of wrk's GetTrip run in scripts/bench-server.sh. Prints one line: calls per second, p50 and p99
// latency, and the number of failed calls.

let arguments = CommandLine.arguments
guard arguments.count >= 4, let colon = arguments[1].lastIndex(of: ":"),
    let port = Int(arguments[1][arguments[1].index(after: colon)...])
else {
    FileHandle.standardError.write(
        Data("usage: GRPCLoad HOST:PORT TOKEN TRIP_NAME [STREAMS] [SECONDS] [CONNECTIONS]\n".utf8))
    exit(2)
}
let host = String(arguments[1][..<colon])
let token = arguments[2]
let tripName = arguments[3]
let streams = arguments.count > 4 ? Int(arguments[4]) ?? 64 : 64
let seconds = arguments.count > 5 ? Double(arguments[5]) ?? 10 : 10
let connections = max(1, min(streams, arguments.count > 6 ? Int(arguments[6]) ?? 4 : 4))

/// One stream's results: the latency of every call in microseconds, and the failures.
struct Tally: Sendable {
    var micros: [Int] = []
    var failures = 0
}

let request = Maps_Fleetengine_V1_GetTripRequest.with {
    $0.name = tripName
    $0.view = .journeySharingV1S
}
let metadata: Metadata = ["authorization": "Bearer \(token)"]
let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))

let tallies = try await withThrowingTaskGroup(of: [Tally].self) { group in
    for connection in 0..<connections {
        let share = streams / connections + (connection < streams % connections ? 1 : 0)
        group.addTask {
            try await withGRPCClient(
                transport: .http2NIOPosix(target: .ipv4(address: host, port: port), transportSecurity: .plaintext)
            ) { client in
                let trips = Maps_Fleetengine_V1_TripService.Client(wrapping: client)
                return try await withThrowingTaskGroup(of: Tally.self) { streamGroup in
                    for _ in 0..<share {
                        streamGroup.addTask {
                            var tally = Tally()
                            while ContinuousClock.now < deadline {
                                let start = ContinuousClock.now
                                do {
                                    _ = try await trips.getTrip(request, metadata: metadata)
                                    tally.micros.append(Int((ContinuousClock.now - start) / .microseconds(1)))
                                } catch {
                                    tally.failures += 1
                                }
                            }
                            return tally
                        }
                    }
                    var tallies: [Tally] = []
                    for try await tally in streamGroup { tallies.append(tally) }
                    return tallies
                }
            }
        }
    }
    var all: [Tally] = []
    for try await tallies in group { all += tallies }
    return all
}

let micros = tallies.flatMap(\.micros).sorted()
let failures = tallies.map(\.failures).reduce(0, +)
func percentile(_ p: Double) -> Double {
    micros.isEmpty ? 0 : Double(micros[min(micros.count - 1, Int(Double(micros.count) * p))]) / 1000
}
print(
    String(
        format: "%.0f req/s, p50 %.2f ms, p99 %.2f ms, failed: %d", Double(micros.count) / seconds, percentile(0.5),
        percentile(0.99), failures))
