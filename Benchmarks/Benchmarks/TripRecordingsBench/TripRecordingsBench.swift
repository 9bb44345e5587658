import Benchmark
import FleetModel
import Foundation
import TripDiagnosis
import TripFollowing
import TripRecordings

// Benchmarks of reading and writing trip files, of importing Cloud Logging exports and of `check` over both
// (docs/PERFORMANCE.md).
// Inputs are made in each benchmark's `setup`, outside the measured closure, and are the same on every run.

/// Items per second over the measured part of one sample, as a row of its own in the results table.
let linesPerSecond = BenchmarkMetric.custom("Lines (/s)", polarity: .prefersLarger, useScalingFactor: false)
let bytesPerSecond = BenchmarkMetric.custom("Bytes (/s)", polarity: .prefersLarger, useScalingFactor: false)

/// Runs `body` as the measured part of a sample, then records `lines` and `bytes` per second of it.
func measure<T>(_ benchmark: Benchmark, lines: Int, bytes: Int, _ body: () throws -> T) rethrows -> T {
    let start = ContinuousClock.now
    let result = try body()
    let elapsed = start.duration(to: .now)
    benchmark.stopMeasurement()  // what follows (and freeing the result) is not measured
    let seconds = elapsed.inSeconds
    if seconds > 0 {
        benchmark.measurement(linesPerSecond, Int((Double(lines) / seconds).rounded()))
        benchmark.measurement(bytesPerSecond, Int((Double(bytes) / seconds).rounded()))
    }
    return result
}

/// What the writing benchmark writes, and the size of the file it makes.
struct WriteInput {
    var tripName: TripName
    var events: [TripEvent]
    var bytes: Int
}

/// Settings shared by these benchmarks: thresholds loose enough for timing noise on 2 shared cores (a third), and
/// nearly exact for allocation counts. Not `.strict`: Foundation's counts move by a few allocations between runs
/// (917,926 or 917,930 for the import); 0.01 % still catches one more allocation per line or log entry.
func configuration(
    metrics: [BenchmarkMetric], warmupIterations: Int = 1, maxDuration: Duration, maxIterations: Int
) -> Benchmark.Configuration {
    var thresholds: [BenchmarkMetric: BenchmarkThresholds] = [:]
    for metric in metrics {
        thresholds[metric] =
            metric == .mallocCountTotal
            ? BenchmarkThresholds(relative: [.p25: 0.01, .p50: 0.01, .p75: 0.01])
            : BenchmarkThresholds(relative: [.p50: 35.0])
    }
    // Fixed units, so that tables and baselines read the same whatever the speed: exact allocation counts, whole
    // milliseconds, lines and kilobytes per second.
    return .init(
        metrics: metrics, timeUnits: .milliseconds,
        units: [.mallocCountTotal: .count, linesPerSecond: .count, bytesPerSecond: .kilo],
        warmupIterations: warmupIterations, maxDuration: maxDuration, maxIterations: maxIterations,
        thresholds: thresholds)
}

/// What `tripterm check FILE` prints for a file's content: every trip's report card and findings, as text.
func checkText(_ data: Data, path: String) throws -> String {
    let loaded = try RecordingLoader.load(data: data, path: path)
    let diagnoser = Diagnoser()
    let trips = loaded.recordings.map {
        DiagnosedTrip(file: path, inputWarnings: loaded.warnings.count, diagnosis: diagnoser.diagnose($0))
    }
    return DiagnosisOutput.render(trips, format: .text)
}

let benchmarks: @Sendable () -> Void = {
    // .cpuTotal is left out: 10 ms resolution on Linux, and reading it adds mallocs (benchmarking recipe, pitfall 6).
    // A sample of the reading benchmarks is a whole 100,000-line file, which takes seconds to minutes today: no warm-up
    // pass (the first read is what a user waits for), and as many samples as fit in 20 s, at least one.
    Benchmark.defaultConfiguration = configuration(
        metrics: [.wallClock, .mallocCountTotal, linesPerSecond, bytesPerSecond], warmupIterations: 0,
        maxDuration: .seconds(20), maxIterations: 10)

    // 1. Reading a 100,000-line trip file from memory: header, then full Fleet Engine trip snapshots (~2 KB a line).
    Benchmark("tripFileRead100k") { benchmark, file in
        let result = try measure(benchmark, lines: file.lineCount, bytes: file.data.count) {
            try TripFileReader.read(file.data, path: "synthetic-100k.jsonl")
        }
        precondition(result.recording.events.count == file.lineCount - 1)
        blackHole(result)
    } setup: {
        try TripFileSynthesizer.fullSnapshots(lineCount: 100_000)
    }

    // 1b. The same with small snapshots (name, status, vehicle and its location: ~300 B), which dominate long trips.
    Benchmark("tripFileRead100kSmall") { benchmark, file in
        let result = try measure(benchmark, lines: file.lineCount, bytes: file.data.count) {
            try TripFileReader.read(file.data, path: "synthetic-100k-small.jsonl")
        }
        precondition(result.recording.events.count == file.lineCount - 1)
        blackHole(result)
    } setup: {
        try TripFileSynthesizer.smallSnapshots(lineCount: 100_000)
    }

    // 2. Importing the Fleet Debugger demo export (1.5 MB, 4 trips) from memory.
    if let export = BenchPaths.jumpDemoExport {
        Benchmark(
            "cloudLoggingImport",
            configuration: configuration(
                metrics: [.wallClock, .mallocCountTotal, bytesPerSecond], maxDuration: .seconds(10), maxIterations: 100)
        ) { benchmark, data in
            let result = try measure(benchmark, lines: 0, bytes: data.count) {
                try CloudLoggingImporter.recordings(from: data, path: export.lastPathComponent)
            }
            precondition(!result.recordings.isEmpty)
            blackHole(result)
        } setup: {
            try Data(contentsOf: export)
        }
    } else {
        let note =
            "note: cloudLoggingImport skipped: ../shared/data/fleet-logs/jump-demo.json not found beside the checkout\n"
        FileHandle.standardError.write(Data(note.utf8))
    }

    // 3. Writing 10,000 full snapshots to a trip file on disk, made durable once at the end.
    let writeDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("tripterm-bench-\(ProcessInfo.processInfo.processIdentifier)")
    Benchmark(
        "tripFileWrite",
        configuration: configuration(
            metrics: [.wallClock, .mallocCountTotal, linesPerSecond, bytesPerSecond], maxDuration: .seconds(10),
            maxIterations: 50)
    ) { (benchmark: Benchmark, input: WriteInput) in
        let path = writeDirectory.appendingPathComponent("write.jsonl").path
        let lines = input.events.count + 1
        try measure(benchmark, lines: lines, bytes: input.bytes) {
            let writer = try TripFileWriter(
                path: path, tripName: input.tripName, source: "tripterm benchmark",
                created: ProtoTimestamp(seconds: 1_793_523_600), generator: "TripRecordingsBench")
            for event in input.events { try writer.append(event) }
            try writer.sync()
        }
    } setup: {
        try FileManager.default.createDirectory(at: writeDirectory, withIntermediateDirectories: true)
        let (tripName, events) = try TripEventSynthesizer.events(count: 10_000)
        // Write once to learn the file's size, for bytes per second.
        let path = writeDirectory.appendingPathComponent("write.jsonl").path
        let writer = try TripFileWriter(
            path: path, tripName: tripName, source: "tripterm benchmark",
            created: ProtoTimestamp(seconds: 1_793_523_600), generator: "TripRecordingsBench")
        for event in events { try writer.append(event) }
        try writer.sync()
        let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        return WriteInput(tripName: tripName, events: events, bytes: bytes)
    } teardown: {
        try? FileManager.default.removeItem(at: writeDirectory)
    }

    // 4. `check` of a 100,000-line trip file, as the command does it: read (format sniffed), diagnose, print as text.
    Benchmark("check100k") { benchmark, file in
        let output = try measure(benchmark, lines: file.lineCount, bytes: file.data.count) {
            try checkText(file.data, path: "synthetic-100k.jsonl")
        }
        precondition(output.contains("updates"))
        blackHole(output)
    } setup: {
        try TripFileSynthesizer.fullSnapshots(lineCount: 100_000)
    }

    // 5. `check` of the Fleet Debugger demo export (4 trips): import, diagnose, print as text.
    if let export = BenchPaths.jumpDemoExport {
        Benchmark(
            "checkJumpDemo",
            configuration: configuration(
                metrics: [.wallClock, .mallocCountTotal, bytesPerSecond], maxDuration: .seconds(10), maxIterations: 100)
        ) { benchmark, data in
            let output = try measure(benchmark, lines: 0, bytes: data.count) {
                try checkText(data, path: export.lastPathComponent)
            }
            precondition(output.contains("speed-jump"))
            blackHole(output)
        } setup: {
            try Data(contentsOf: export)
        }
    } else {
        let note =
            "note: checkJumpDemo skipped: ../shared/data/fleet-logs/jump-demo.json not found beside the "
            + "checkout\n"
        FileHandle.standardError.write(Data(note.utf8))
    }
}
