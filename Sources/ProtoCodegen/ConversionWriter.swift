import SwiftProtobuf
import SwiftProtobufPluginLibrary

/// Writes, for one `.proto` file, the field-by-field conversions between FleetModel's types and swift-protobuf's
/// (`ProtobufConvertible`), so that the gRPC side hands the service layer the same values REST does without a
/// detour through JSON text. A request with an enum number FleetModel does not know is refused by field path, as
/// the strict JSON reader refuses it.
struct ConversionWriter {
    let schema: Schema

    func file(_ file: FileDescriptor) throws -> String {
        var out = SwiftSource()
        out.generatedHeader(from: "Protos/\(file.name)")
        out.line()
        out.line("import FleetModel")
        out.line("import SwiftProtobuf")
        for message in Schema.messages(of: file) {
            out.line()
            try conversion(message, into: &out)
        }
        return out.text
    }

    func conversion(_ message: Descriptor, into out: inout SwiftSource) throws {
        let fields = try schema.fields(of: message)
        let type = schema.swiftName(message)
        let protobuf = schema.namer.fullName(message: message)
        try out.block("extension \(type): ProtobufConvertible {") { out in
            let parameter = fields.isEmpty ? "_" : "protobuf message"
            try out.block("public init(\(parameter): \(protobuf)) throws(ProtoJSONError) {") { out in
                out.line("self.init()")
                var done = Set<Int>()
                for field in fields {
                    if let oneof = field.oneof {
                        guard done.insert(oneof.index).inserted else { continue }
                        try readOneof(oneof, of: fields, message: message, into: &out)
                    } else {
                        out.line("self.\(field.property) = \(try read(field))")
                    }
                }
            }
            out.line()
            out.block("public var protobuf: \(protobuf) {") { out in
                out.line("\(fields.isEmpty ? "let" : "var") message = \(protobuf)()")
                var done = Set<Int>()
                for field in fields {
                    if let oneof = field.oneof {
                        guard done.insert(oneof.index).inserted else { continue }
                        writeOneof(oneof, of: fields, message: message, into: &out)
                    } else {
                        out.line(write(field))
                    }
                }
                out.line("return message")
            }
        }
    }

    /// The expression that reads `field` from `message`.
    private func read(_ field: Schema.Field) throws -> String {
        let source = "message.\(field.protobufProperty)"
        let path = "\"\(field.jsonName)\""
        if field.isRepeated {
            switch field.value {
            case .scalar: return source
            case .enumeration: return "try ProtobufConversion.enumValues(\(source), at: \(path))"
            case .message, .wellKnown: return "try ProtobufConversion.messages(\(source), at: \(path))"
            case .wrapper: return "\(source).map(\\.value)"
            }
        }
        let value: String
        switch field.value {
        case .scalar: value = source
        case .enumeration: value = "try ProtobufConversion.enumValue(\(source), at: \(path))"
        case .message, .wellKnown: value = "try ProtobufConversion.message(\(source), at: \(path))"
        case .wrapper: value = "\(source).value"
        }
        return field.isOptional ? "message.\(field.protobufHas) ? \(value) : nil" : value
    }

    /// The statement that writes `field` into `message`.
    private func write(_ field: Schema.Field) -> String {
        let target = "message.\(field.protobufProperty)"
        let value = "self.\(field.property)"
        if field.isRepeated {
            switch field.value {
            case .scalar: return "\(target) = \(value)"
            case .enumeration: return "\(target) = \(value).map { ProtobufConversion.protobufEnum($0) }"
            case .message, .wellKnown: return "\(target) = \(value).map(\\.protobuf)"
            case .wrapper: return "\(target) = \(value).map { .init($0) }"
            }
        }
        let converted: (String) -> String
        switch field.value {
        case .scalar: converted = { $0 }
        case .enumeration: converted = { "ProtobufConversion.protobufEnum(\($0))" }
        case .message, .wellKnown: converted = { "\($0).protobuf" }
        case .wrapper: converted = { ".init(\($0))" }
        }
        if field.isOptional { return "if let value = \(value) { \(target) = \(converted("value")) }" }
        return "\(target) = \(converted(value))"
    }

    private func readOneof(
        _ oneof: OneofDescriptor, of fields: [Schema.Field], message: Descriptor, into out: inout SwiftSource
    ) throws {
        let property = "self.\(Schema.oneofPropertyName(oneof))"
        let protobufProperty = schema.namer.messagePropertyName(oneof: oneof).name
        try out.block("switch message.\(protobufProperty) {") { out in
            for field in fields where field.oneof === oneof {
                let path = "\"\(field.jsonName)\""
                let value: String
                switch field.value {
                case .scalar: value = "value"
                case .enumeration: value = "try ProtobufConversion.enumValue(value, at: \(path))"
                case .message, .wellKnown: value = "try ProtobufConversion.message(value, at: \(path))"
                case .wrapper: throw CodegenError("\(oneof.fullName): a wrapper type in a oneof is not supported")
                }
                out.line("case .\(field.protobufProperty)(let value)?: \(property) = .\(field.property)(\(value))")
            }
            out.line("case nil: \(property) = nil")
        }
    }

    private func writeOneof(
        _ oneof: OneofDescriptor, of fields: [Schema.Field], message: Descriptor, into out: inout SwiftSource
    ) {
        out.block("switch self.\(Schema.oneofPropertyName(oneof)) {") { out in
            for field in fields where field.oneof === oneof {
                let value: String
                switch field.value {
                case .scalar, .wrapper: value = "value"
                case .enumeration: value = "ProtobufConversion.protobufEnum(value)"
                case .message, .wellKnown: value = "value.protobuf"
                }
                out.line("case .\(field.property)(let value)?: message.\(field.protobufProperty) = \(value)")
            }
            out.line("case nil: break")
        }
    }
}
