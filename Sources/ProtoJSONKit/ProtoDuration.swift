/// `google.protobuf.Duration`: a signed span kept to the nanosecond, written as decimal seconds with an `s` suffix
/// (`"12.500s"`, `"-0.000000001s"`).
public struct ProtoDuration: Hashable, Comparable, Sendable {
    public var seconds: Int64
    /// Same sign as `seconds` (or zero), magnitude below one second.
    public var nanos: Int32

    public init(seconds: Int64, nanos: Int32 = 0) {
        self.seconds = seconds
        self.nanos = nanos
    }

    public init(_ duration: Swift.Duration) {
        let (s, attos) = duration.components
        var seconds = s
        var nanos = attos / 1_000_000_000
        if seconds > 0 && nanos < 0 {
            seconds -= 1
            nanos += 1_000_000_000
        } else if seconds < 0 && nanos > 0 {
            seconds += 1
            nanos -= 1_000_000_000
        }
        self.init(seconds: seconds, nanos: Int32(nanos))
    }

    public var duration: Swift.Duration { .seconds(seconds) + .nanoseconds(Int64(nanos)) }

    /// The span in seconds as a Double, for display and arithmetic that need no nanosecond precision.
    public var timeInterval: Double { Double(seconds) + Double(nanos) / 1e9 }

    public static func < (a: Self, b: Self) -> Bool { a.duration < b.duration }

    /// Largest magnitude proto allows: 315,576,000,000 s (10,000 years).
    static let maxSeconds: Int64 = 315_576_000_000

    public init(protoText text: String) throws(ProtoValueError) {
        var utf8 = text
        switch utf8.withUTF8(Self.parseProtoText) {
        case .success(let value):
            self = value
        case .failure(let why):
            throw ProtoValueError(
                "invalid Duration \"\(text)\": \(why) (expected seconds with an 's' suffix, like 12.5s)")
        }
    }

    /// The parse behind ``init(protoText:)`` over UTF-8 bytes, so that a JSON reader holding the bytes needs no
    /// `String`; the failure says only why.
    static func parseProtoText(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<ProtoDuration, ProtoValueError> {
        func fail(_ why: String) -> Result<ProtoDuration, ProtoValueError> { .failure(ProtoValueError(why)) }
        var p = AsciiScanner(bytes)
        let negative = p.eat(UInt8(ascii: "-"))
        var seconds: Int64 = 0
        var digits = 0
        while let d = p.digit() {
            digits += 1
            guard digits <= 12 else { return fail("too many digits") }
            seconds = seconds * 10 + Int64(d)
        }
        var nanos = 0
        var fraction = 0
        if p.eat(UInt8(ascii: ".")) {
            while let d = p.digit() {
                fraction += 1
                guard fraction <= 9 else { return fail("more than 9 fractional digits") }
                nanos = nanos * 10 + d
            }
            for _ in fraction..<9 { nanos *= 10 }
        }
        guard digits + fraction > 0 else { return fail("no digits") }
        guard p.eat(UInt8(ascii: "s")), p.atEnd else { return fail("missing 's' suffix") }
        guard seconds <= Self.maxSeconds else { return fail("longer than 10,000 years") }
        return .success(ProtoDuration(seconds: negative ? -seconds : seconds, nanos: Int32(negative ? -nanos : nanos)))
    }

    /// Seconds with 0, 3, 6 or 9 fractional digits and an `s`, as protobuf writes it.
    public var protoText: String {
        var bytes: [UInt8] = []
        appendProtoText(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``protoText``'s bytes appended to `bytes`, for writers that need no `String`.
    func appendProtoText(to bytes: inout [UInt8]) {
        if seconds < 0 || nanos < 0 { bytes.append(UInt8(ascii: "-")) }
        var whole = String(seconds.magnitude)
        whole.withUTF8 { bytes.append(contentsOf: $0) }
        appendFractionDigits(Int32(nanos.magnitude), to: &bytes)
        bytes.append(UInt8(ascii: "s"))
    }
}

extension ProtoDuration: ProtoJSONField {
    public init(protoJSON decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        do {
            try self.init(protoText: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: error.description)
        }
    }
    public func encodeProtoJSON(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(protoText)
    }
    public var isProtoDefault: Bool { false }
}

extension ProtoDuration: CustomStringConvertible {
    public var description: String { protoText }
}

extension ProtoDuration {
    /// A duration from the two fields protobuf's binary form carries, refused where proto3 refuses it: longer than
    /// 10,000 years, nanos of a second or more, or nanos whose sign differs from the seconds'.
    public init(validatingSeconds seconds: Int64, nanos: Int32) throws(ProtoValueError) {
        guard seconds.magnitude <= Self.maxSeconds.magnitude else {
            throw ProtoValueError("invalid Duration: \(seconds) s is longer than 10,000 years")
        }
        guard nanos.magnitude < 1_000_000_000, seconds == 0 || nanos == 0 || (seconds < 0) == (nanos < 0) else {
            throw ProtoValueError("invalid Duration: nanos \(nanos) do not fit \(seconds) s")
        }
        self.init(seconds: seconds, nanos: nanos)
    }
}
