import NIOCore

/// Every location report of the run, made before it starts: the body of writer `member`'s report in period `k` is
/// `bodies[member][k]`. Encoding a report (the S2 segment of ~160 points and the JSON) costs about as much CPU as
/// sending it, and the generator shares the cores with the server; made here on every core, about 0.7 KB ×
/// writers × SECONDS / 5 of memory, the run only sends them.
struct CityReports: Sendable {
    let bodies: [[ByteBuffer]]

    /// `report(member, seconds)`: writer `member`'s body when it sends `seconds` into the run.
    static func make(
        writers: Int, perPeriod: Int, periods: Int, workers: Int,
        report: @escaping @Sendable (Int, Double) -> String
    ) async -> CityReports {
        let bodies = await withTaskGroup(of: [(Int, [ByteBuffer])].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    let allocator = ByteBufferAllocator()
                    return stride(from: worker, to: writers, by: workers).map { member in
                        let reports = (0..<periods).map { k in
                            let offset = CityRun.writeOffset(
                                member, period: k, workload: (perPeriod: perPeriod, writers: writers))
                            return allocator.buffer(string: report(member, Double(offset.nanoseconds) / 1e9))
                        }
                        return (member, reports)
                    }
                }
            }
            var bodies = [[ByteBuffer]](repeating: [], count: writers)
            for await made in group { for (member, reports) in made { bodies[member] = reports } }
            return bodies
        }
        return CityReports(bodies: bodies)
    }
}
