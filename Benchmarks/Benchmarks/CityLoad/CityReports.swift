import NIOCore

/// Every location report of the run, made before it starts: the body of vehicle `member`'s report in period `k` is
/// `bodies[member][k]`. Encoding a report (the S2 segment of ~160 points and the JSON) costs about as much CPU as
/// sending it, and the generator shares the cores with the server; made here on every core, about 0.7 KB ×
/// CITY × SECONDS / 5 of memory, the run only sends them.
struct CityReports: Sendable {
    let bodies: [[ByteBuffer]]

    static func make(requests: CityRequests, routes: [CityRoute], periods: Int, workers: Int) async -> CityReports {
        let city = routes.count
        let bodies = await withTaskGroup(of: [(Int, [ByteBuffer])].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    let allocator = ByteBufferAllocator()
                    return stride(from: worker, to: city, by: workers).map { member in
                        let reports = (0..<periods).map { k in
                            let seconds =
                                Double(CityRun.offset(k * 2 * city + 2 * member, city: city).nanoseconds) / 1e9
                            return allocator.buffer(
                                string: requests.report(member, route: routes[member], seconds: seconds))
                        }
                        return (member, reports)
                    }
                }
            }
            var bodies = [[ByteBuffer]](repeating: [], count: city)
            for await made in group { for (member, reports) in made { bodies[member] = reports } }
            return bodies
        }
        return CityReports(bodies: bodies)
    }
}
