import Foundation

/// Compact proto3 JSON written straight into bytes from typed values: the server's answers without `JSONEncoder`,
/// its boxes and its key sort.
///
/// The bytes are those Foundation's encoder writes with ``ProtoJSON/encode(_:options:pretty:)`` (sorted keys, no
/// escaped slashes, its number and string spellings), so the two are interchangeable; a test holds them equal on
/// every fixture. Messages put their fields in sorted order (see ``ProtoFieldWriter``); a type without a direct
/// writer of its own falls back to `JSONEncoder` for its value alone.
public struct ProtoJSONOutput: ProtoFieldWriter {
    public private(set) var bytes: [UInt8] = []
    public let options: ProtoJSONEncodingOptions
    /// No member written yet in the object being written: the next one takes no comma.
    private var atFirstMember = true
    #if DEBUG
    /// The last key of the object being written, to check that fields come in sorted order.
    private var lastKey: StaticString?
    #endif

    public init(options: ProtoJSONEncodingOptions = .init(), capacity: Int = 1024) {
        self.options = options
        bytes.reserveCapacity(capacity)
    }

    public mutating func put<T: ProtoJSONField>(_ name: StaticString, _ value: T) throws {
        guard !value.isProtoDefault else { return }
        key(name)
        try value.writeProtoJSON(to: &self)
    }

    public mutating func put<T: ProtoJSONField>(_ name: StaticString, _ value: T?) throws {
        guard let value else { return }
        key(name)
        try value.writeProtoJSON(to: &self)
    }

    public mutating func put<T: ProtoJSONField>(_ name: StaticString, _ values: [T]) throws {
        guard !values.isEmpty else { return }
        key(name)
        bytes.append(UInt8(ascii: "["))
        for index in values.indices {
            if index != values.startIndex { bytes.append(UInt8(ascii: ",")) }
            try values[index].writeProtoJSON(to: &self)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A message as an object of its fields.
    public mutating func writeMessage<M: ProtoMessage>(_ message: M) throws {
        // No closure here: this runs for every nested message (a route's every point), where one cost 10 % of an
        // answer.
        let outer = beginObject()
        defer { endObject(outer) }
        try message.writeFields(to: &self)
    }

    /// `message` as an object of its fields, except its repeated field `name`, written with `elements` (omitted
    /// when empty) whatever the message holds there: that array's elements as this writer spells them,
    /// comma-separated, written beforehand — for answers that share their largest part, such as a van's route in
    /// each of its shipments'.
    public mutating func writeMessage<M: ProtoMessage>(
        _ message: M, splicing name: StaticString, elements: ArraySlice<UInt8>
    ) throws {
        let outer = beginObject()
        defer { endObject(outer) }
        // Moved in and back out, so that the bytes are never copied.
        var splicing = Splicing(output: ProtoJSONOutput(options: options, capacity: 0), name: name, elements: elements)
        swap(&self, &splicing.output)
        defer { swap(&self, &splicing.output) }
        try message.writeFields(to: &splicing)
    }

    /// What an object's writing changes of the one around it, for ``endObject(_:)`` to put back.
    private struct OuterObject {
        let atFirstMember: Bool
        #if DEBUG
        let lastKey: StaticString?
        #endif
    }

    @inline(__always)
    private mutating func beginObject() -> OuterObject {
        #if DEBUG
        let outer = OuterObject(atFirstMember: atFirstMember, lastKey: lastKey)
        lastKey = nil
        #else
        let outer = OuterObject(atFirstMember: atFirstMember)
        #endif
        atFirstMember = true
        bytes.append(UInt8(ascii: "{"))
        return outer
    }

    @inline(__always)
    private mutating func endObject(_ outer: OuterObject) {
        bytes.append(UInt8(ascii: "}"))
        atFirstMember = outer.atFirstMember
        #if DEBUG
        lastKey = outer.lastKey
        #endif
    }

    /// Passes every field to `output` but the one it splices in.
    private struct Splicing: ProtoFieldWriter {
        var output: ProtoJSONOutput
        let name: StaticString
        let elements: ArraySlice<UInt8>

        mutating func put<T: ProtoJSONField>(_ name: StaticString, _ value: T) throws { try output.put(name, value) }
        mutating func put<T: ProtoJSONField>(_ name: StaticString, _ value: T?) throws { try output.put(name, value) }
        mutating func put<T: ProtoJSONField>(_ name: StaticString, _ values: [T]) throws {
            guard ProtoJSONOutput.same(name, self.name) else { return try output.put(name, values) }
            guard !elements.isEmpty else { return }
            output.key(name)
            output.bytes.append(UInt8(ascii: "["))
            output.bytes.append(contentsOf: elements)
            output.bytes.append(UInt8(ascii: "]"))
        }
    }

    private static func same(_ a: StaticString, _ b: StaticString) -> Bool {
        UnsafeBufferPointer(start: a.utf8Start, count: a.utf8CodeUnitCount).elementsEqual(
            UnsafeBufferPointer(start: b.utf8Start, count: b.utf8CodeUnitCount))
    }

    private mutating func key(_ name: StaticString) {
        #if DEBUG
        if let lastKey {
            precondition(
                Self.precedes(lastKey, name), "fields out of sorted order: \"\(name)\" after \"\(lastKey)\"")
        }
        lastKey = name
        #endif
        if atFirstMember {
            atFirstMember = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    private static func precedes(_ a: StaticString, _ b: StaticString) -> Bool {
        UnsafeBufferPointer(start: a.utf8Start, count: a.utf8CodeUnitCount).lexicographicallyPrecedes(
            UnsafeBufferPointer(start: b.utf8Start, count: b.utf8CodeUnitCount))
    }

    // MARK: Values

    public mutating func writeBool(_ value: Bool) {
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    /// An integer as a JSON number.
    public mutating func writeInteger<T: FixedWidthInteger>(_ value: T) { Self.append(value, to: &bytes) }

    /// A 64-bit integer as proto3 JSON writes it, in quotes.
    public mutating func writeQuotedInteger<T: FixedWidthInteger>(_ value: T) {
        writeQuoted { Self.append(value, to: &$0) }
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        var digits = String(value)  // small: no allocation
        digits.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A finite double as `JSONEncoder` spells it: Swift's shortest round-trip digits, without a trailing `.0`.
    public mutating func writeNumber(_ value: Double) {
        if Self.appendShortDecimal(value, to: &bytes) { return }
        var digits = value.description
        digits.withUTF8 { text in
            let whole = text.count >= 2 && text[text.count - 2] == UInt8(ascii: ".") && text[text.count - 1] == 0x30
            bytes.append(contentsOf: whole ? UnsafeBufferPointer(rebasing: text.dropLast(2)) : text)
        }
    }

    /// Writes `value` when it is a decimal of at most seven places between 0.001 and 10⁸ — coordinates, speeds,
    /// distances: most numbers of an answer — from integers, without formatting a `String` (which was a tenth of
    /// the CPU of a shipment's answer, mostly its route's points). Those digits are the shortest round-trip ones:
    /// two such decimals are at least 10⁻⁷ apart, more than a double's spacing below 10⁸, so no other decimal of
    /// as few digits reads back as the same double. False, writing nothing, for any other value.
    @inline(__always)
    static func appendShortDecimal(_ value: Double, to bytes: inout [UInt8]) -> Bool {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 1e8 else { return false }
        let scaled = (magnitude * 1e7).rounded()
        guard scaled / 1e7 == magnitude else { return false }
        let units = UInt64(scaled)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        append(units / 10_000_000, to: &bytes)
        var fraction = units % 10_000_000
        guard fraction != 0 else { return true }
        var places = 7
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        bytes.append(UInt8(ascii: "."))
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: places))
        for index in stride(from: start + places - 1, through: start, by: -1) {
            bytes[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
        }
        return true
    }

    public mutating func writeString(_ value: String) {
        var value = value
        value.withUTF8 { writeString(utf8: $0) }
    }

    /// A string of UTF-8 bytes, quoted, with `"`, `\` and control characters escaped as `JSONEncoder` escapes them
    /// (`\n`-style where JSON has a short form, `\u00XX` otherwise; nothing else).
    public mutating func writeString(utf8 text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            runStart = index + 1
            appendEscape(byte)
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        let short: UInt8? =
            switch byte {
            case 0x08: UInt8(ascii: "b")
            case 0x09: UInt8(ascii: "t")
            case 0x0A: UInt8(ascii: "n")
            case 0x0C: UInt8(ascii: "f")
            case 0x0D: UInt8(ascii: "r")
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
            default: nil
            }
        if let short {
            bytes.append(contentsOf: [UInt8(ascii: "\\"), short])
        } else {
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: "\\u00".utf8)
            bytes.append(contentsOf: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }

    /// Bytes that are already JSON.
    public mutating func writeJSON<S: Sequence>(_ json: S) where S.Element == UInt8 {
        bytes.append(contentsOf: json)
    }

    /// A string whose characters need no escaping, appended by `body` between the quotes.
    mutating func writeQuoted(_ body: (inout [UInt8]) -> Void) {
        bytes.append(UInt8(ascii: "\""))
        body(&bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A value through `JSONEncoder`, for types without a direct writer: the same bytes, only slower.
    mutating func writeEncoded<T: ProtoJSONField>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.userInfo[.protoJSONEncoding] = options
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        bytes.append(contentsOf: try encoder.encode(ProtoFieldBox(value)))
    }
}
