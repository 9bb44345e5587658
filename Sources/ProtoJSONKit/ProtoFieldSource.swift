/// Where a message reads its fields from. Each message lists its fields once, in `init(fields:)`, and reads them
/// through one of these: ``ProtoReader`` over Foundation's `Decoder` (the general path: every spelling, every option,
/// errors with field paths), or a direct source over already parsed JSON (``JSONTapeValue``, ``JSONValue``) that
/// skips Foundation's coders and is many times faster.
///
/// A direct source decodes only what it is sure of and throws ``ProtoDirectDecodingMiss`` on anything else (a
/// snake_case or duplicate member, a number it cannot read exactly, a bad value); the caller then decodes the same
/// input through the general path, which gives the result or the error with its position. So both paths always agree.
///
/// Messages ask for their fields in the byte order of their JSON names — the order in which tripterm (and any writer
/// that sorts keys) writes them — and call ``finish()`` last, so that ``JSONStream`` can read an object in one forward
/// pass. Another order is still read correctly, by the slower paths.
public protocol ProtoFieldSource {
    /// A singular field, or nil when it is absent or `null`. Names are literals (`StaticString`), so that a source
    /// reading bytes gets them without a call per field: a message asks for every field it has, most of them absent.
    func callAsFunction<T: ProtoJSONField>(_ name: StaticString) throws -> T?
    /// A repeated field; absent or `null` reads as empty.
    func repeated<T: ProtoJSONField>(_ name: StaticString) throws -> [T]
    /// Fails on a member no field asked for, when the options reject unknown fields.
    func finish() throws
    /// Fails because a payload set several members of one oneof, which proto3 JSON does not allow. A direct
    /// source leaves that to the general path (the default), which says which members.
    func oneofConflict(_ names: [StaticString]) throws
}

extension ProtoFieldSource {
    /// A singular non-wrapper field, or its default when absent.
    public func callAsFunction<T: ProtoJSONField>(_ name: StaticString, default value: T) throws -> T {
        try self(name) ?? value
    }

    public func oneofConflict(_ names: [StaticString]) throws { throw ProtoDirectDecodingMiss() }

    /// A oneof from its members as read, at most one of them set; `names` are their JSON names, for the error.
    public func oneof<T>(_ members: [T?], named names: [StaticString]) throws -> T? {
        var set: T?
        var count = 0
        for case let member? in members {
            set = set ?? member
            count += 1
        }
        if count > 1 { try oneofConflict(names) }
        return set
    }
}

extension ProtoReader: ProtoFieldSource {
    public func callAsFunction<T: ProtoJSONField>(_ name: StaticString) throws -> T? { try self(name.description) }
    public func repeated<T: ProtoJSONField>(_ name: StaticString) throws -> [T] { try repeated(name.description) }
    public func oneofConflict(_ names: [StaticString]) throws {
        try conflict(names.map(\.description).filter(has))
    }
}

extension StaticString {
    /// The name's bytes (field names are ASCII literals).
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount) }
}

/// One JSON value as a direct source sees it: typed accessors that answer nil when the value is not of that kind or
/// cannot be read exactly, so each field type decides in a few lines what it accepts.
public protocol ProtoValueSource {
    associatedtype Fields: ProtoFieldSource
    /// The members of an object.
    func fields() -> Fields?
    /// A string's text.
    func string() -> String?
    func bool() -> Bool?
    /// A JSON number that is an integer within `T`'s range, read exactly.
    func integer<T: FixedWidthInteger>(_ type: T.Type) -> T?
    /// A JSON number, correctly rounded.
    func double() -> Double?
    /// A string parsed as an RFC 3339 Timestamp.
    func timestamp() -> ProtoTimestamp?
    /// A string parsed as a Duration (`"12.5s"`).
    func duration() -> ProtoDuration?
    /// Whether unknown enum names and numbers read as the zero value (``ProtoJSONDecodingOptions/lenientEnums``).
    var lenientEnums: Bool { get }
    /// `body`'s answer for the bytes of a string without escapes, read without making a `String` (enum names); nil
    /// for any other value or when `body` answers nil, and then the value is still there for another accessor.
    func matchPlainString<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R?) -> R?
    /// An object of two numbers spelled exactly as the writer writes one — `opening`, a short decimal, `separator`,
    /// a short decimal, `}` — read by pattern (a route is an array of thousands of `{"latitude":…,"longitude":…}`).
    /// Nil for any other spelling, which the message then reads field by field.
    func numberPair(_ opening: StaticString, _ separator: StaticString) -> (Double, Double)?
    /// An enum value given by its name (a plain string), or nil for anything else; the value is then still there
    /// for another accessor.
    func protoEnum<E: ProtoEnum>(_ type: E.Type) -> E?
}

extension ProtoValueSource {
    public func matchPlainString<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R?) -> R? { nil }
    public func numberPair(_ opening: StaticString, _ separator: StaticString) -> (Double, Double)? { nil }
    public func protoEnum<E: ProtoEnum>(_ type: E.Type) -> E? { matchPlainString { E(protoNameBytes: $0) } }
}

/// Thrown by a direct source for input it leaves to the general path (see ``ProtoFieldSource``). Not a decoding
/// error: it never reaches a person.
public struct ProtoDirectDecodingMiss: Error, Sendable {
    public init() {}
}
