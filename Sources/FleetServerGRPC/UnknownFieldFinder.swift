import Foundation
import SwiftProtobuf

/// Finds the first field a decoded message kept as unknown, at any depth: protobuf keeps field numbers it has no
/// definition for instead of failing, and FleetModel never sees them, so without this check a value the client set
/// would vanish without a word.
struct UnknownFieldFinder: Visitor {
    /// The messages from the request down to the one being visited, each with the field that leads further.
    private var path: [(message: String, field: Int)]
    private(set) var found: String?

    private init(root: String) { path = [(root, 0)] }

    /// "unknown field 42 in maps.fleetengine.v1.Trip (inside maps.fleetengine.v1.CreateTripRequest field 4)", or nil.
    static func first<M: Message>(in message: M) -> String? {
        var finder = UnknownFieldFinder(root: M.protoMessageName)
        try? message.traverse(visitor: &finder)
        return finder.found
    }

    mutating func visitUnknown(bytes: Data) throws {
        guard found == nil, let here = path.last else { return }
        let field = Self.firstFieldNumber(in: bytes).map { "unknown field \($0)" } ?? "unknown fields"
        let outer = path.dropLast().map { "\($0.message) field \($0.field)" }
        found = "\(field) in \(here.message)" + (outer.isEmpty ? "" : " (inside \(outer.joined(separator: " > ")))")
    }

    mutating func visitSingularMessageField<M: Message>(value: M, fieldNumber: Int) throws {
        guard found == nil else { return }
        path[path.count - 1].field = fieldNumber
        path.append((M.protoMessageName, 0))
        defer { path.removeLast() }
        try value.traverse(visitor: &self)
    }

    mutating func visitMapField<KeyType, ValueType>(
        fieldType: _ProtobufMessageMap<KeyType, ValueType>.Type,
        value: _ProtobufMessageMap<KeyType, ValueType>.BaseType, fieldNumber: Int
    ) throws {
        for message in value.values { try visitSingularMessageField(value: message, fieldNumber: fieldNumber) }
    }

    // Scalars, strings, enums and maps of them hold no unknown fields.
    mutating func visitSingularDoubleField(value: Double, fieldNumber: Int) throws {}
    mutating func visitSingularInt64Field(value: Int64, fieldNumber: Int) throws {}
    mutating func visitSingularUInt64Field(value: UInt64, fieldNumber: Int) throws {}
    mutating func visitSingularBoolField(value: Bool, fieldNumber: Int) throws {}
    mutating func visitSingularStringField(value: String, fieldNumber: Int) throws {}
    mutating func visitSingularBytesField(value: Data, fieldNumber: Int) throws {}
    mutating func visitSingularEnumField<E: Enum>(value: E, fieldNumber: Int) throws {}
    mutating func visitSingularGroupField<G: Message>(value: G, fieldNumber: Int) throws {}
    mutating func visitMapField<KeyType, ValueType: MapValueType>(
        fieldType: _ProtobufMap<KeyType, ValueType>.Type, value: _ProtobufMap<KeyType, ValueType>.BaseType,
        fieldNumber: Int
    ) throws {}
    mutating func visitMapField<KeyType, ValueType>(
        fieldType: _ProtobufEnumMap<KeyType, ValueType>.Type, value: _ProtobufEnumMap<KeyType, ValueType>.BaseType,
        fieldNumber: Int
    ) throws {}
    mutating func visitExtensionFields(fields: ExtensionFieldValueSet, start: Int, end: Int) throws {}

    /// The field number of the first tag in unknown bytes: a varint whose low three bits are the wire type.
    static func firstFieldNumber(in bytes: Data) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes.prefix(10) {
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value >> 3 }
            shift += 7
        }
        return nil
    }
}
