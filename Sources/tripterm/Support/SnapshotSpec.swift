import ArgumentParser
import FleetModel
import TerminalUI

/// Where in a replay `--at` points: `50%`, an offset from the start (`90s`, `3:20`, `1:02:03`), or an RFC 3339
/// time.
enum ReplayPosition: Equatable {
    case fraction(Double)
    case offset(Duration)
    case time(ProtoTimestamp)

    init?(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("%"), let percent = Double(text.dropLast()), (0...100).contains(percent) {
            self = .fraction(percent / 100)
        } else if text.contains("T"), let time = try? ProtoTimestamp(rfc3339: text) {
            self = .time(time)
        } else if text.hasSuffix("s"), let seconds = Double(text.dropLast()), seconds >= 0 {
            self = .offset(.milliseconds(Int64(seconds * 1000)))
        } else {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
            let total = parts.reduce(0) { $0 * 60 + $1! }
            self = .offset(.seconds(total))
        }
    }

    /// The instant in a recording spanning `start…end`.
    func timestamp(start: ProtoTimestamp, end: ProtoTimestamp) -> ProtoTimestamp {
        switch self {
        case .fraction(let f): start + (end - start) * f
        case .offset(let d): min(end, start + d)
        case .time(let t): min(end, max(start, t))
        }
    }
}

/// `--size 120x40`.
struct SnapshotSize: ExpressibleByArgument {
    var size: TerminalSize

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (1...1000).contains(parts[0]), (1...1000).contains(parts[1]) else { return nil }
        size = TerminalSize(width: parts[0], height: parts[1])
    }
}
