/// A cursor over the ASCII bytes of a short string, for the hand-written parsers of Timestamps and Durations
/// (Foundation's date parsers drop nanoseconds). It reads borrowed bytes, so a value parsed straight from a JSON
/// buffer costs no `String`.
struct AsciiScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    /// Moves past `count` bytes the caller has already checked.
    mutating func skip(_ count: Int) { index = min(index + count, bytes.count) }

    mutating func eat(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// One of `a`, `b`, or nil.
    mutating func oneOf(_ a: UInt8, _ b: UInt8) -> UInt8? {
        guard index < bytes.count, bytes[index] == a || bytes[index] == b else { return nil }
        defer { index += 1 }
        return bytes[index]
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
