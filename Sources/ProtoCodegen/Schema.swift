import SwiftProtobuf
import SwiftProtobufPluginLibrary

/// What the generator writes for one proto type, decided once from the descriptors: the Swift names of messages,
/// enums and fields in FleetModel, how each field is held (optional where the proto has presence), and the names
/// swift-protobuf gives the same things, for the conversions.
struct Schema {
    /// Proto types FleetModel spells with a type of the JSON engine instead of a generated one.
    static let wellKnownTypes: [String: String] = [
        "google.protobuf.Timestamp": "ProtoTimestamp",
        "google.protobuf.Duration": "ProtoDuration",
        "google.protobuf.FieldMask": "ProtoFieldMask",
        "google.protobuf.Empty": "EmptyMessage",
    ]
    /// The wrapper types, held as optional scalars: proto3 JSON writes a wrapper as its bare value.
    static let wrapperTypes: [String: String] = [
        "google.protobuf.Int32Value": "Int32",
        "google.protobuf.Int64Value": "Int64",
        "google.protobuf.DoubleValue": "Double",
        "google.protobuf.FloatValue": "Float",
        "google.protobuf.BoolValue": "Bool",
        "google.protobuf.StringValue": "String",
    ]
    /// Swift names that differ from the proto's, where the proto's would clash with another type a module sees.
    static let renamedTypes: [String: String] = [
        // MapRendering has a screen `Viewport`.
        "google.geo.type.Viewport": "GeoViewport",
        // Swift's `Task`, which every async module uses, and `Task.Type`, which Swift reads as the metatype.
        "maps.fleetengine.delivery.v1.Task": "DeliveryTask",
        "maps.fleetengine.delivery.v1.Task.Type": "TaskType",
    ]
    /// Type names a generated type must not take: the standard library's and Foundation's that the code uses.
    static let takenTypeNames: Set<String> = [
        "Task", "Data", "Date", "Duration", "Error", "Result", "Type", "Protocol", "String", "Array", "Optional",
        "Set", "Dictionary", "URL", "Never", "Character", "Double", "Float", "Bool", "Int", "Int32", "Int64",
    ]

    let namer = SwiftProtobufNamer()

    /// Whether the generator writes this file's types (the well-known types come from the JSON engine).
    static func generates(_ file: FileDescriptor) -> Bool { !file.name.hasPrefix("google/protobuf/") }

    /// Refuses, naming `location`, a message type of a file not generated: a `google.protobuf` type FleetModel has
    /// no type for (the well-known types and wrappers it has are looked up before), as a field's or an RPC's type.
    static func requireGenerated(_ type: Descriptor, at location: String) throws {
        guard generates(type.file) else {
            throw CodegenError("\(location): \(type.fullName) has no FleetModel type yet")
        }
    }

    /// Every message of `file`, nested ones after their parent (not the entries protoc makes for map fields).
    static func messages(of file: FileDescriptor) -> [Descriptor] {
        func all(_ message: Descriptor) -> [Descriptor] {
            message.options.mapEntry ? [] : [message] + message.messages.flatMap(all)
        }
        return file.messages.flatMap(all)
    }

    // MARK: Names

    /// FleetModel's name of a message, nested as in the proto (`Vehicle.VehicleType`).
    func swiftName(_ message: Descriptor) -> String {
        let own = Self.renamedTypes[message.fullName] ?? message.name
        return message.containingType.map { swiftName($0) + "." + own } ?? own
    }

    func swiftName(_ enumeration: EnumDescriptor) -> String {
        let own = Self.renamedTypes[enumeration.fullName] ?? enumeration.name
        return enumeration.containingType.map { swiftName($0) + "." + own } ?? own
    }

    /// The last component of ``swiftName(_:)-…``: what the declaration itself says.
    func declaredName(_ message: Descriptor) -> String { Self.renamedTypes[message.fullName] ?? message.name }
    func declaredName(_ enumeration: EnumDescriptor) -> String {
        Self.renamedTypes[enumeration.fullName] ?? enumeration.name
    }

    /// An enum value's case: the value's name in lowerCamelCase (`ENROUTE_TO_PICKUP` → `enrouteToPickup`).
    static func caseName(_ value: EnumValueDescriptor) -> String { identifier(lowerCamelCase(value.name)) }

    /// The type of a oneof's members, in UpperCamelCase (`vehicle_attribute_value` → `VehicleAttributeValue`).
    static func oneofTypeName(_ oneof: OneofDescriptor) -> String {
        let lower = lowerCamelCase(oneof.name)
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }

    static func oneofPropertyName(_ oneof: OneofDescriptor) -> String { identifier(lowerCamelCase(oneof.name)) }

    /// `snake_case` or `UPPER_CASE` in lowerCamelCase, as proto3 JSON names fields; a letter after a digit starts a
    /// word too, as swift-protobuf has it (`JOURNEY_SHARING_V1S` → `journeySharingV1S`).
    static func lowerCamelCase(_ name: String) -> String {
        var out = ""
        var upperNext = false
        for character in name {
            if character == "_" {
                upperNext = !out.isEmpty
            } else if upperNext || (out.last?.isNumber == true && character.isLetter) {
                out += character.uppercased()
                upperNext = false
            } else {
                out += character.lowercased()
            }
        }
        return out
    }

    /// A name as a Swift identifier: in backticks when it is a keyword.
    static func identifier(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    // MARK: Fields

    /// How a field's value is held and written.
    enum Value {
        /// A string, bool or number: FleetModel's Swift type and its proto3 default.
        case scalar(swift: String, zero: String)
        case enumeration(EnumDescriptor)
        case message(Descriptor)
        /// A well-known type FleetModel holds as one of the engine's types.
        case wellKnown(swift: String)
        /// A wrapper type, held as an optional scalar.
        case wrapper(swift: String)
    }

    struct Field {
        let descriptor: FieldDescriptor
        /// FleetModel's property (the JSON name, in backticks when a keyword).
        let property: String
        let jsonName: String
        let value: Value
        let isRepeated: Bool
        /// Held as an optional: a message, a wrapper, a proto3 `optional` (oneof members are held by their oneof).
        let isOptional: Bool
        /// swift-protobuf's property and `has` names.
        let protobufProperty: String
        let protobufHas: String
        var oneof: OneofDescriptor? { descriptor.realContainingOneof }
    }

    func fields(of message: Descriptor) throws -> [Field] {
        try message.fields.map { try field($0) }
    }

    func field(_ field: FieldDescriptor) throws -> Field {
        let location = "\(field.containingType.fullName).\(field.name)"
        guard !field.isMap else { throw CodegenError("\(location): map fields are not supported yet") }
        let value: Value
        switch field.type {
        case .string: value = .scalar(swift: "String", zero: "\"\"")
        case .bool: value = .scalar(swift: "Bool", zero: "false")
        case .int32, .sint32, .sfixed32: value = .scalar(swift: "Int32", zero: "0")
        case .int64, .sint64, .sfixed64: value = .scalar(swift: "Int64", zero: "0")
        case .double: value = .scalar(swift: "Double", zero: "0")
        case .float: value = .scalar(swift: "Float", zero: "0")
        case .bytes: value = .scalar(swift: "Data", zero: "Data()")
        case .enum: value = .enumeration(field.enumType!)
        case .message:
            let type = field.messageType!
            if let swift = Self.wellKnownTypes[type.fullName] {
                value = .wellKnown(swift: swift)
            } else if let swift = Self.wrapperTypes[type.fullName] {
                value = .wrapper(swift: swift)
            } else {
                try Self.requireGenerated(type, at: location)
                value = .message(type)
            }
        default:
            throw CodegenError("\(location): \(field.type) fields are not supported yet (the JSON engine has no type)")
        }
        let names = namer.messagePropertyNames(field: field, prefixed: "", includeHasAndClear: true)
        let isRepeated = field.isRepeated
        let isOptional: Bool
        switch value {
        case .message, .wellKnown, .wrapper: isOptional = !isRepeated
        case .scalar, .enumeration: isOptional = field.hasPresence && field.realContainingOneof == nil
        }
        let jsonName = field.jsonName ?? Self.lowerCamelCase(field.name)
        return Field(
            descriptor: field, property: Self.identifier(jsonName), jsonName: jsonName, value: value,
            isRepeated: isRepeated, isOptional: isOptional, protobufProperty: names.name, protobufHas: names.has)
    }

    /// A value's Swift type, without the optional or array around it.
    func swiftType(_ value: Value) -> String {
        switch value {
        case .scalar(let swift, _), .wellKnown(let swift), .wrapper(let swift): swift
        case .enumeration(let e): swiftName(e)
        case .message(let m): swiftName(m)
        }
    }

    /// A field's Swift type as FleetModel holds it.
    func propertyType(_ field: Field) -> String {
        let base = swiftType(field.value)
        return field.isRepeated ? "[\(base)]" : field.isOptional ? base + "?" : base
    }

    /// A field's default: empty, nil, or proto3's zero.
    func defaultValue(_ field: Field) -> String {
        if field.isRepeated { return "[]" }
        if field.isOptional { return "nil" }
        switch field.value {
        case .scalar(_, let zero): return zero
        case .enumeration(let e): return "." + Self.caseName(e.values.first { $0.number == 0 }!)
        case .message, .wellKnown, .wrapper: return "nil"
        }
    }

    /// The fields as the JSON reader and writer take them: in the byte order of their JSON names.
    static func jsonOrder(_ fields: [Field]) -> [Field] {
        fields.sorted { Array($0.jsonName.utf8).lexicographicallyPrecedes(Array($1.jsonName.utf8)) }
    }
}

struct CodegenError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
