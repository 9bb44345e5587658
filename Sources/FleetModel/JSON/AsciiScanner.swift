/// A cursor over the ASCII bytes of a short string, for the hand-written parsers of Timestamps and Durations
/// (Foundation's date parsers drop nanoseconds).
struct AsciiScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index == bytes.count }

    mutating func eat(_ c: Character) -> Bool {
        guard index < bytes.count, let ascii = c.asciiValue, bytes[index] == ascii else { return false }
        index += 1
        return true
    }

    mutating func oneOf(_ set: String) -> Character? {
        guard index < bytes.count else { return nil }
        let c = Character(Unicode.Scalar(bytes[index]))
        guard set.contains(c) else { return nil }
        index += 1
        return c
    }

    mutating func digit() -> Int? {
        guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - 48)
    }

    /// Exactly `count` digits as a number.
    mutating func digits(_ count: Int) -> Int? {
        var value = 0
        for _ in 0..<count {
            guard let d = digit() else { return nil }
            value = value * 10 + d
        }
        return value
    }
}
