import Foundation
import TrackFormats

/// Fixes from a file of NMEA 0183 sentences (a receiver's log, or what `gpspipe -r` printed), played at their
/// recorded pace: RMC and GGA are read, every checksum is verified, and bad lines are skipped and counted.
///
/// The file is read and checked when the stream starts; one with no fix at all ends the stream with an error naming
/// it and what was wrong with its last bad line.
public struct NMEALocationSource: LocationSource {
    public let path: String
    let clock: any Clock<Duration>
    let startTime: @Sendable () -> Date
    private let counters = SharedValue(NMEAStatistics())

    public init(
        path: String, clock: any Clock<Duration> = ContinuousClock(),
        startTime: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.path = path
        self.clock = clock
        self.startTime = startTime
    }

    /// What the last started stream read so far.
    public var statistics: NMEAStatistics { counters.value }

    /// Every fix in the file, with the statistics of reading it.
    public static func read(
        path: String
    ) throws(LocationSourceError) -> (fixes: [LocationFix], statistics: NMEAStatistics) {
        let text = try readText(path: path, what: "NMEA")
        var assembler = NMEAFixAssembler()
        var fixes: [LocationFix] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if let point = assembler.add(line: line) { fixes.append(LocationFix(point)) }
        }
        if fixes.isEmpty {
            let why = assembler.lastProblem.map { "; line \($0.line): \($0.problem)" } ?? ""
            let lines = assembler.statistics.lines
            throw LocationSourceError("\(path): no valid RMC fix in \(lines) line\(lines == 1 ? "" : "s")\(why)")
        }
        return (fixes, assembler.statistics)
    }

    public func fixes() -> AsyncThrowingStream<LocationFix, any Error> {
        let source = self
        return Self.stream { continuation in
            let (fixes, statistics) = try Self.read(path: source.path)
            source.counters.value = statistics
            try await RecordedFixes(fixes: fixes, clock: source.clock, startTime: source.startTime)
                .play(into: continuation)
        }
    }
}
