import NIOCore

/// Sets the city up through the pool before it runs: for each member, its vehicle, its trip assigned to that
/// vehicle, and the trip ENROUTE_TO_PICKUP, one member after another on each of `workers` tasks at once.
enum CitySeeder {
    static func seed(
        pool: HTTPPool, requests: CityRequests, routes: [CityRoute], serverToken: String, workers: Int
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    for member in stride(from: worker, to: routes.count, by: workers) {
                        for (method, uri, body) in requests.seed(member, route: routes[member]) {
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
