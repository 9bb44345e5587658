import Foundation

/// Fixes from a file of NMEA 0183 sentences (a receiver's log, or what `gpspipe -r` printed), played at their
/// recorded pace: RMC and GGA are read, every checksum is verified, and bad lines are skipped and counted.
///
/// The file is read and checked when the stream starts; one with no fix at all ends the stream with an error naming
/// it and what was wrong with its last bad line.
public struct NMEALocationSource: LocationSource {
    public let path: String
    public let pace: Pace
    let clock: any Clock<Duration>
    let startTime: @Sendable () -> Date
    private let counters = SharedValue(NMEAStatistics())

    public init(
        path: String, pace: Pace = .realTime, clock: any Clock<Duration> = ContinuousClock(),
        startTime: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.path = path
        self.pace = pace
        self.clock = clock
        self.startTime = startTime
    }

    /// What the last started stream read so far.
    public var statistics: NMEAStatistics { counters.value }

    /// Every fix in the file, with the statistics of reading it.
    public static func read(path: String) throws(LocationSourceError) -> (fixes: [LocationFix], statistics: NMEAStatistics) {
        let text = try readText(path: path, what: "NMEA")
        var assembler = NMEAFixAssembler()
        var fixes: [LocationFix] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if let fix = assembler.add(line: line) { fixes.append(fix) }
        }
        if fixes.isEmpty {
            let why = assembler.lastProblem.map { "; line \($0.line): \($0.problem)" } ?? ""
            throw LocationSourceError("\(path): no valid RMC fix in \(assembler.statistics.lines) lines\(why)")
        }
        return (fixes, assembler.statistics)
    }

    public func fixes() -> AsyncThrowingStream<LocationFix, any Error> {
        let source = self
        return Self.stream { continuation in
            let (fixes, statistics) = try Self.read(path: source.path)
            source.counters.value = statistics
            try await RecordedFixes(fixes: fixes, pace: source.pace, clock: source.clock, startTime: source.startTime)
                .play(into: continuation)
        }
    }
}
