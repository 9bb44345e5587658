import FleetModel
import Foundation

/// Turns a sequence of NMEA sentences into track points: one per valid RMC (which has the date), enriched with the
/// altitude and HDOP of a GGA of the same second. A GGA alone makes no fix: it has no date, and every receiver
/// sends RMC. Fixes that do not move time forward are dropped. Counts what it saw in ``statistics``.
public struct NMEAFixAssembler: Sendable {
    public private(set) var statistics = NMEAStatistics()
    /// The last problem seen, for a one-line warning.
    public private(set) var lastProblem: (line: Int, problem: NMEAParser.Problem)?
    private var lineNumber = 0
    private var lastGGA: NMEASentence.GGA?
    private var lastEmittedTime: ProtoTimestamp?

    /// HDOP to an accuracy radius: a common rule of thumb of 5 m of user range error per unit of HDOP.
    static let metersPerHDOP = 5.0

    public init() {}

    /// Feeds one line; returns the fix it completes, if any.
    public mutating func add(line: some StringProtocol) -> TrackPoint? {
        lineNumber += 1
        guard line.contains(where: { !$0.isWhitespace }) else { return nil }
        statistics.lines += 1
        let sentence: NMEASentence
        do {
            sentence = try NMEAParser.parse(line)
        } catch {
            switch error {
            case .badChecksum, .missingChecksum: statistics.badChecksums += 1
            case .malformed: statistics.malformed += 1
            }
            lastProblem = (lineNumber, error)
            return nil
        }
        switch sentence {
        case .other:
            statistics.ignored += 1
            return nil
        case .rmc(let rmc):
            guard rmc.isValid, let coordinate = rmc.coordinate, let time = rmc.time else {
                statistics.withoutFix += 1
                return nil
            }
            var fix = TrackPoint(
                location: coordinate, time: ProtoTimestamp(time), speed: rmc.speedKnots.map { $0 * 1852 / 3600 },
                course: rmc.course)
            if let gga = lastGGA, let seconds = gga.secondsOfDay, abs(seconds - Self.secondsOfDay(time)) < 0.5 {
                fix.elevation = gga.altitude
                fix.accuracy = gga.hdop.map { $0 * Self.metersPerHDOP }
            }
            return emit(fix)
        case .gga(let gga):
            guard gga.quality > 0, gga.coordinate != nil else {
                statistics.withoutFix += 1
                return nil
            }
            lastGGA = gga
            return nil
        }
    }

    private mutating func emit(_ fix: TrackPoint) -> TrackPoint? {
        if let last = lastEmittedTime, fix.time <= last { return nil }
        lastEmittedTime = fix.time
        statistics.fixes += 1
        return fix
    }

    static func secondsOfDay(_ date: Date) -> Double {
        date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
    }
}
