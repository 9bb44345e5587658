import Foundation
import NIOCore
import NIOPosix

// `CityLoad BASE_URL KEY_FILE CITY SECONDS [--connections N] [--server-pid PID] [--provider ID] [--depot TASKS]`: a
// city on a running `tripterm serve` (scripts/bench-city.sh starts one): CITY vehicles each reporting its location
// and route every 5 s, CITY riders each polling their trip every 5 s — or, with `--depot TASKS`, CITY vans with
// TASKS tasks each, every shipment polled every 5 s — open loop, for SECONDS. Prints the achieved
// rates and latencies of both after the first round, the first round's apart (every token and resource is new to the
// server then, as after a restart), the errors, the server's CPU and memory over the run, and whether the city held:
// every rate at least 99 % of what was offered and p99 within 50 ms for both after the first round, no error at
// all.

let arguments: CityArguments
do {
    arguments = try CityArguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("CityLoad: \(error)\n\(CityArguments.usage)\n".utf8))
    exit(2)
}

/// Prints `line` at once, unbuffered, whatever stdout is (the script reads it through a pipe).
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func elapsed(since start: ContinuousClock.Instant) -> String {
    LatencyTally.format(Double((ContinuousClock.now - start) / .milliseconds(1)) / 1000)
}

let shape =
    arguments.tasksPerVan.map {
        CityShape.depot(vans: arguments.city, tasksPerVan: $0, provider: arguments.provider)
    } ?? CityShape.riders(city: arguments.city, provider: arguments.provider)
let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
do {
    let setup = ContinuousClock.now
    let phones = shape.writers + shape.readers
    let claims = shape.claims
    let tokens = try await CityTokens.mint(
        keyFile: arguments.keyFile, claims: { $0 < phones ? claims($0) : .server }, count: phones + 1,
        workers: ProcessInfo.processInfo.activeProcessorCount)
    report("minted \(phones + 1) tokens in \(elapsed(since: setup)) s")

    let pool = try await HTTPPool.connect(
        loop: group.next(), host: arguments.host, port: arguments.port, connections: arguments.connections)
    let seeding = ContinuousClock.now
    try await CitySeeder.seed(
        pool: pool, members: shape.writers, serverToken: tokens[phones], workers: min(arguments.connections, 64),
        requests: shape.seed)
    report("seeded \(shape.writers) writers and \(shape.readers) readers in \(elapsed(since: seeding)) s")

    let reporting = ContinuousClock.now
    let perPeriod = phones
    let reports = await CityReports.make(
        writers: shape.writers, perPeriod: perPeriod,
        periods: CityRun.periods(seconds: arguments.seconds, perPeriod: perPeriod),
        workers: ProcessInfo.processInfo.activeProcessorCount, report: shape.report)
    report(
        "made \(shape.writers) × \(reports.bodies.first?.count ?? 0) location reports in \(elapsed(since: reporting)) s"
    )

    let workload = CityRun.Workload(
        writes: (0..<shape.writers).map { (shape.writeMethod, shape.writeURI($0), tokens[$0]) },
        writeBodies: reports.bodies,
        reads: (0..<shape.readers).map { (shape.readURI($0), tokens[shape.writers + $0]) })
    let run = CityRun(pool: pool, workload: workload, seconds: arguments.seconds)
    let serverBefore = arguments.serverPID.flatMap(ProcessUsage.read)
    let selfBefore = ProcessUsage.read(getpid())
    let started = ContinuousClock.now
    try await run.run()
    let wall = Double((ContinuousClock.now - started) / .milliseconds(1)) / 1000
    let serverAfter = arguments.serverPID.flatMap(ProcessUsage.read)
    let selfAfter = ProcessUsage.read(getpid())
    let (writes, reads, firstWrites, firstReads, lag, reconnects) = try await pool.loop.submit {
        (run.writes, run.reads, run.firstWrites, run.firstReads, run.maxLag, pool.reconnects)
    }.get()
    await pool.close()

    report(
        "city \(arguments.city): \(shape.summary) for \(arguments.seconds) s, \(arguments.connections) connections")
    let steady = max(arguments.seconds - Double(CityRun.period.nanoseconds) / 1e9, 1e-3)
    report("after the first round (\(LatencyTally.format(steady)) s):")
    report(writes.summary(shape.writeLabel, seconds: steady))
    report(reads.summary(shape.readLabel, seconds: steady))
    report("first round (every token and resource new to the server):")
    report(firstWrites.summary(shape.writeLabel, seconds: Double(CityRun.period.nanoseconds) / 1e9))
    report(firstReads.summary(shape.readLabel, seconds: Double(CityRun.period.nanoseconds) / 1e9))
    let tallies = [("writes", writes), ("reads", reads), ("first writes", firstWrites), ("first reads", firstReads)]
    for (label, tally) in tallies {
        if let first = tally.firstError { report("first error of the \(label): \(first)") }
    }
    report("errors \(tallies.map(\.1.errors).reduce(0, +))")
    if let before = serverBefore, let after = serverAfter {
        report("server: " + ProcessUsage.summary(from: before, to: after, seconds: wall))
    }
    let lagText = "lag max \(LatencyTally.format(Double(lag.nanoseconds) / 1e6)) ms"
    if let before = selfBefore, let after = selfAfter {
        report(
            "generator: \(ProcessUsage.summary(from: before, to: after, seconds: wall)), \(lagText), "
                + "connections reopened \(reconnects)")
    }
    let holds =
        writes.holds(p99Milliseconds: 50) && reads.holds(p99Milliseconds: 50)
        && firstWrites.errors + firstReads.errors == 0
    report("holds \(holds ? "yes" : "no")")
} catch {
    FileHandle.standardError.write(Data("CityLoad: \(error)\n".utf8))
    exit(1)
}
try? await group.shutdownGracefully()
