/// How fast replay time runs against wall time.
public enum ReplaySpeed: Sendable, Hashable, CustomStringConvertible {
    /// Replay seconds per wall second (×0.5 … ×1000).
    case factor(Double)
    /// No waiting at all: time jumps to whatever the next sleeper waits for.
    case asFastAsPossible

    public static let realtime = ReplaySpeed.factor(1)
    public static let range: ClosedRange<Double> = 0.5...1000

    /// Parses `2`, `x2`, `×2`, `2x`, or `max`.
    public init?(_ text: String) {
        let lowered = text.lowercased().filter { $0 != " " }
        let trimmed =
            lowered.hasPrefix("x") || lowered.hasPrefix("×")
            ? String(lowered.dropFirst())
            : lowered.hasSuffix("x") || lowered.hasSuffix("×") ? String(lowered.dropLast()) : lowered
        if lowered == "max" {
            self = .asFastAsPossible
        } else if let value = Double(trimmed), Self.range.contains(value) {
            self = .factor(value)
        } else {
            return nil
        }
    }

    /// The next speed up a ladder of ×0.5, ×1, ×2, ×5, ×10 … ×1000, then max.
    public var faster: ReplaySpeed {
        guard case .factor(let f) = self else { return self }
        return Self.ladder.first { $0 > f }.map(ReplaySpeed.factor) ?? .asFastAsPossible
    }

    public var slower: ReplaySpeed {
        guard case .factor(let f) = self else { return .factor(Self.ladder.last!) }
        return Self.ladder.last { $0 < f }.map(ReplaySpeed.factor) ?? self
    }

    static let ladder: [Double] = [0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]

    public var description: String {
        switch self {
        case .factor(let f): f == f.rounded() ? "×\(Int(f))" : "×\(f)"
        case .asFastAsPossible: "max"
        }
    }
}
