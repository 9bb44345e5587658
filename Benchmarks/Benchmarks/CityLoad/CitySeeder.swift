import NIOCore
import NIOHTTP1

/// Sets the city up through the pool before it runs: each member's requests in order (for a rider's city, its
/// vehicle, its trip assigned to that vehicle, and the trip ENROUTE_TO_PICKUP; for a depot, its van, its tasks and
/// its stops), one member after another on each of `workers` tasks at once.
enum CitySeeder {
    static func seed(
        pool: HTTPPool, members: Int, serverToken: String, workers: Int,
        requests: @escaping @Sendable (Int) -> [(HTTPMethod, String, String)]
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    for member in stride(from: worker, to: members, by: workers) {
                        for (method, uri, body) in requests(member) {
                            let request = PoolRequest(
                                method: method, uri: uri, token: serverToken, body: ByteBuffer(string: body))
                            switch await pool.send(request) {
                            case .answered(let status, _) where (200..<300).contains(status):
                                continue
                            case .answered(let status, let body):
                                throw CitySeedError("\(method) \(uri): HTTP \(status): \(body ?? "")")
                            case .connectionFailed(let reason):
                                throw CitySeedError("\(method) \(uri): \(reason)")
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

/// The server refused to set the city up: the request and its answer.
struct CitySeedError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
