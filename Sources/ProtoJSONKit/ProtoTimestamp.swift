import Foundation

/// `google.protobuf.Timestamp`: a UTC instant kept to the nanosecond, written in RFC 3339.
///
/// Kept as seconds + nanos rather than `Date` because `Date`'s Double loses nanoseconds, and Fleet Engine's version
/// fields (`currentRouteSegmentVersion`…) must be echoed back exactly for delta polling.
public struct ProtoTimestamp: Hashable, Comparable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var seconds: Int64
    /// Nanoseconds within the second, 0 ..< 1_000_000_000.
    public var nanos: Int32

    public init(seconds: Int64, nanos: Int32 = 0) {
        let carry = Int64(nanos).floorDiv(1_000_000_000)
        self.seconds = seconds + carry
        self.nanos = Int32(Int64(nanos) - carry * 1_000_000_000)
    }

    public init(_ date: Date) {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let nanos = ((date.timeIntervalSince1970 - whole) * 1e9).rounded()
        self.init(seconds: Int64(whole), nanos: Int32(min(nanos, 999_999_999)))
    }

    public var date: Date { Date(timeIntervalSince1970: Double(seconds) + Double(nanos) / 1e9) }

    public static func < (a: Self, b: Self) -> Bool { (a.seconds, a.nanos) < (b.seconds, b.nanos) }

    /// The instant `duration` later (earlier when negative).
    public static func + (t: Self, d: Swift.Duration) -> Self {
        let (s, attos) = d.components
        return ProtoTimestamp(seconds: t.seconds + s, nanos: t.nanos + Int32(attos / 1_000_000_000))
    }

    /// The time from `b` to `a`.
    public static func - (a: Self, b: Self) -> Swift.Duration {
        .seconds(a.seconds - b.seconds) + .nanoseconds(Int64(a.nanos) - Int64(b.nanos))
    }
}

extension ProtoTimestamp {
    /// Smallest and largest instants proto allows: 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999999Z.
    static let minSeconds: Int64 = -62_135_596_800
    static let maxSeconds: Int64 = 253_402_300_799

    /// Parses RFC 3339 as proto3 JSON accepts it: `YYYY-MM-DDTHH:MM:SS`, 0–9 fractional digits, then `Z` or an
    /// offset such as `+01:00`.
    public init(rfc3339 text: String) throws(ProtoValueError) {
        var utf8 = text
        switch utf8.withUTF8(Self.parseRFC3339) {
        case .success(let value):
            self = value
        case .failure(let why):
            throw ProtoValueError(
                "invalid Timestamp \"\(text)\": \(why) (expected RFC 3339 like 2025-01-01T00:00:00.5Z)")
        }
    }

    /// The parse behind ``init(rfc3339:)`` over UTF-8 bytes, so that a JSON reader holding the bytes needs no
    /// `String`; the failure says only why.
    static func parseRFC3339(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<ProtoTimestamp, ProtoValueError> {
        var day: RFC3339Day?
        return parseRFC3339(bytes, lastDay: &day)
    }

    /// ``parseRFC3339(_:)`` for a reader of many timestamps: a text whose date is `lastDay`'s is read from its time
    /// alone, without reading the date again or the calendar arithmetic; a text with another valid date leaves its
    /// own day there for the next.
    static func parseRFC3339(
        _ bytes: UnsafeBufferPointer<UInt8>, lastDay: inout RFC3339Day?
    ) -> Result<ProtoTimestamp, ProtoValueError> {
        var p = AsciiScanner(bytes)
        func fail(_ why: String) -> Result<ProtoTimestamp, ProtoValueError> { .failure(ProtoValueError(why)) }
        let known = lastDay.flatMap { $0.date(of: bytes) }
        var date: (year: Int, month: Int, day: Int)?
        if known != nil {
            p.skip(RFC3339Day.length)
        } else {
            guard let year = p.digits(4), p.eat(UInt8(ascii: "-")), let month = p.digits(2), p.eat(UInt8(ascii: "-")),
                let day = p.digits(2)
            else { return fail("malformed date or time") }
            date = (year, month, day)
        }
        guard p.oneOf(UInt8(ascii: "T"), UInt8(ascii: "t")) != nil, let hour = p.digits(2), p.eat(UInt8(ascii: ":")),
            let minute = p.digits(2), p.eat(UInt8(ascii: ":")), let second = p.digits(2)
        else { return fail("malformed date or time") }
        let dateInRange = date.map {
            (1...12).contains($0.month) && (1...daysIn(month: $0.month, year: $0.year)).contains($0.day)
        }
        guard dateInRange ?? true, hour < 24, minute < 60, second < 60 else { return fail("field out of range") }
        var nanos = 0
        if p.eat(UInt8(ascii: ".")) {
            var count = 0
            while let d = p.digit() {
                count += 1
                guard count <= 9 else { return fail("more than 9 fractional digits") }
                nanos = nanos * 10 + d
            }
            guard count > 0 else { return fail("no digits after '.'") }
            for _ in count..<9 { nanos *= 10 }
        }
        var offset = 0
        if p.oneOf(UInt8(ascii: "Z"), UInt8(ascii: "z")) != nil {
        } else if let sign = p.oneOf(UInt8(ascii: "+"), UInt8(ascii: "-")) {
            guard let oh = p.digits(2), p.eat(UInt8(ascii: ":")), let om = p.digits(2), oh < 24, om < 60 else {
                return fail("malformed UTC offset")
            }
            offset = (oh * 3600 + om * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return fail("missing 'Z' or UTC offset")
        }
        guard p.atEnd else { return fail("unexpected text after the time") }
        var days = known ?? 0
        if let date { days = daysFromCivil(year: date.year, month: date.month, day: date.day) }
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
        guard (Self.minSeconds...Self.maxSeconds).contains(seconds) else { return fail("outside years 0001–9999") }
        if known == nil { lastDay = RFC3339Day(bytes, days: days) }
        return .success(ProtoTimestamp(seconds: seconds, nanos: Int32(nanos)))
    }

    /// RFC 3339 in UTC with 0, 3, 6 or 9 fractional digits, as protobuf writes it.
    public var rfc3339: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(30)
        appendRFC3339(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``rfc3339``'s bytes appended to `bytes`, for writers that need no `String`.
    func appendRFC3339(to bytes: inout [UInt8]) {
        let days = seconds.floorDiv(86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let (y, m, d) = civilFromDays(Int(days))
        appendDigits(y, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(m, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(d, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, width: 2, to: &bytes)
        appendFractionDigits(nanos, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }
}

extension ProtoTimestamp: ProtoJSONField {
    public init(protoJSON decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        do {
            try self.init(rfc3339: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: error.description)
        }
    }
    public func encodeProtoJSON(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rfc3339)
    }
    public var isProtoDefault: Bool { false }
}

extension ProtoTimestamp: CustomStringConvertible {
    public var description: String { rfc3339 }
}

/// ".500", ".081409", ".000000001" or "" — protobuf's choice of 0, 3, 6 or 9 digits — appended to `bytes`.
func appendFractionDigits(_ nanos: Int32, to bytes: inout [UInt8]) {
    guard nanos != 0 else { return }
    bytes.append(UInt8(ascii: "."))
    if nanos % 1_000_000 == 0 {
        appendDigits(Int(nanos / 1_000_000), width: 3, to: &bytes)
    } else if nanos % 1_000 == 0 {
        appendDigits(Int(nanos / 1_000), width: 6, to: &bytes)
    } else {
        appendDigits(Int(nanos), width: 9, to: &bytes)
    }
}

/// A non-negative number in decimal, zero-padded on the left to `width` digits.
func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
    var divisor = 1
    var count = 1
    while count < width || value / divisor >= 10 {
        divisor *= 10
        count += 1
    }
    while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
        divisor /= 10
    }
}

private func isLeap(_ y: Int) -> Bool { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) }

private func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
}

func civilFromDays(_ days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
}

extension Int64 {
    func floorDiv(_ d: Int64) -> Int64 {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}

/// A date read from RFC 3339 text, `YYYY-MM-DD`, with its day number: what ``ProtoTimestamp`` needs to read another
/// time of that date without the calendar.
struct RFC3339Day: Sendable {
    static let length = 10

    /// The date's ten bytes, as loaded.
    private let text: (UInt64, UInt16)
    /// Days since 1970-01-01.
    private let days: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, days: Int) {
        text = Self.load(bytes)
        self.days = days
    }

    private static func load(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt16) {
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
    }

    /// The day number when `bytes` start with this date.
    func date(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.count >= Self.length && Self.load(bytes) == text ? days : nil
    }
}

extension ProtoTimestamp {
    /// A timestamp from the two fields protobuf's binary form carries, refused where proto3 refuses it: outside
    /// years 0001–9999 or with nanos outside a second, the values the RFC 3339 reader never produces.
    public init(validatingSeconds seconds: Int64, nanos: Int32) throws(ProtoValueError) {
        guard (Self.minSeconds...Self.maxSeconds).contains(seconds) else {
            throw ProtoValueError("invalid Timestamp: \(seconds) s is outside years 0001–9999")
        }
        guard (0..<1_000_000_000).contains(nanos) else {
            throw ProtoValueError("invalid Timestamp: nanos \(nanos) outside 0 to 999,999,999")
        }
        self.init(seconds: seconds, nanos: nanos)
    }
}
