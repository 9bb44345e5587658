import SwiftProtobuf
import SwiftProtobufPluginLibrary

/// Writes FleetModel's types for one `.proto` file: a struct per message with its fields, a memberwise init, the
/// field list the JSON reader asks for (`init(fields:)`) and the one the writers put (`writeFields(to:)`), both in
/// the byte order of the JSON names; an enum per proto enum with its names.
struct ModelWriter {
    let schema: Schema

    func file(_ file: FileDescriptor) throws -> String {
        var out = SwiftSource()
        out.generatedHeader(from: "Protos/\(file.name)")
        out.line()
        // Foundation for `Data`, which holds a `bytes` field.
        if Schema.messages(of: file).contains(where: { $0.fields.contains { $0.type == .bytes } }) {
            out.line("import Foundation")
        }
        out.line("import ProtoJSONKit")
        for enumeration in file.enums {
            out.line()
            enumType(enumeration, into: &out)
        }
        for message in file.messages {
            out.line()
            try messageType(message, into: &out)
        }
        return out.text
    }

    /// Every generated message by its proto name, for what walks the whole schema (the field-order and one-schema
    /// tests).
    func registry(_ files: [FileDescriptor]) -> String {
        var out = SwiftSource()
        out.generatedHeader(from: "every file of Protos/")
        out.line()
        out.line("import ProtoJSONKit")
        out.line()
        out.block("extension ProtoJSON {") { out in
            out.doc("Every message generated from Protos/, by its proto name.")
            out.block("public static let generatedMessages: [String: any ProtoMessage.Type] = [", closing: "]") { out in
                for file in files {
                    for message in Schema.messages(of: file) {
                        out.line("\"\(message.fullName)\": \(schema.swiftName(message)).self,")
                    }
                }
            }
        }
        return out.text
    }

    private func comments(_ location: Google_Protobuf_SourceCodeInfo.Location?) -> String {
        guard let location else { return "" }
        return location.hasLeadingComments ? location.leadingComments : location.trailingComments
    }

    func enumType(_ enumeration: EnumDescriptor, into out: inout SwiftSource) {
        out.doc(comments(enumeration.sourceCodeInfoLocation))
        out.doc("`\(enumeration.fullName)`.")
        out.block("public enum \(schema.declaredName(enumeration)): Int32, ProtoEnum {") { out in
            for value in enumeration.values {
                out.doc(comments(value.sourceCodeInfoLocation))
                out.line("case \(Schema.caseName(value)) = \(value.number)")
            }
            out.line()
            out.block("public var protoName: String {") { out in
                out.block("switch self {") { out in
                    for value in enumeration.values {
                        out.line("case .\(Schema.caseName(value)): \"\(value.name)\"")
                    }
                }
            }
        }
    }

    func messageType(_ message: Descriptor, into out: inout SwiftSource) throws {
        let fields = try schema.fields(of: message)
        let oneofs = message.realOneofs
        out.doc(comments(message.sourceCodeInfoLocation))
        out.doc("`\(message.fullName)`.")
        try out.block("public struct \(schema.declaredName(message)): ProtoMessage, Hashable, Sendable {") { out in
            // Properties, in the proto's order; a oneof stands where its first member does.
            var written = Set<Int>()
            for field in fields {
                if let oneof = field.oneof {
                    guard written.insert(oneof.index).inserted else { continue }
                    out.doc(comments(oneof.sourceCodeInfoLocation))
                    out.doc("`oneof \(oneof.name)`: at most one member is set.")
                    out.line("public var \(Schema.oneofPropertyName(oneof)): \(Schema.oneofTypeName(oneof))?")
                    continue
                }
                fieldDoc(field, into: &out)
                out.line("public var \(field.property): \(schema.propertyType(field))")
            }
            for oneof in oneofs {
                out.line()
                out.block("public enum \(Schema.oneofTypeName(oneof)): Hashable, Sendable {") { out in
                    for field in fields where field.oneof === oneof {
                        fieldDoc(field, into: &out)
                        out.line("case \(field.property)(\(schema.swiftType(field.value)))")
                    }
                }
            }
            for enumeration in message.enums {
                out.line()
                enumType(enumeration, into: &out)
            }
            for nested in message.messages where !nested.options.mapEntry {
                out.line()
                try messageType(nested, into: &out)
            }
            out.line()
            memberwiseInit(fields, into: &out)
            out.line()
            out.line("public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }")
            out.line()
            reader(fields, oneofs: oneofs, into: &out)
            out.line()
            writer(fields, into: &out)
        }
    }

    private func fieldDoc(_ field: Schema.Field, into out: inout SwiftSource) {
        out.doc(comments(field.descriptor.sourceCodeInfoLocation))
        if field.descriptor.options.deprecated { out.doc("Deprecated in the API.") }
    }

    /// Every property a parameter with its default, in the order they are declared.
    private func memberwiseInit(_ fields: [Schema.Field], into out: inout SwiftSource) {
        var parameters: [String] = []
        var assignments: [String] = []
        var seen = Set<Int>()
        for field in fields {
            if let oneof = field.oneof {
                guard seen.insert(oneof.index).inserted else { continue }
                let name = Schema.oneofPropertyName(oneof)
                parameters.append("\(name): \(Schema.oneofTypeName(oneof))? = nil")
                assignments.append("self.\(name) = \(name)")
                continue
            }
            parameters.append("\(field.property): \(schema.propertyType(field)) = \(schema.defaultValue(field))")
            assignments.append("self.\(field.property) = \(field.property)")
        }
        if parameters.isEmpty {
            out.line("public init() {}")
            return
        }
        out.line("public init(")
        for (index, parameter) in parameters.enumerated() {
            out.line("    " + parameter + (index == parameters.count - 1 ? "" : ","))
        }
        out.block(") {") { out in
            for assignment in assignments { out.line(assignment) }
        }
    }

    /// `init(fields:)`: each field asked for in JSON-name order, then each oneof made of the members that came.
    private func reader(_ fields: [Schema.Field], oneofs: [OneofDescriptor], into out: inout SwiftSource) {
        out.block("public init<F: ProtoFieldSource>(fields source: F) throws {") { out in
            for field in Schema.jsonOrder(fields) {
                let name = "\"\(field.jsonName)\""
                if field.oneof != nil {
                    out.line("let \(memberLocal(field)): \(schema.swiftType(field.value))? = try source(\(name))")
                } else if field.isRepeated {
                    out.line("self.\(field.property) = try source.repeated(\(name))")
                } else if field.isOptional {
                    out.line("self.\(field.property) = try source(\(name))")
                } else {
                    out.line("self.\(field.property) = try source(\(name), default: \(schema.defaultValue(field)))")
                }
            }
            for oneof in oneofs {
                let members = fields.filter { $0.oneof === oneof }
                let type = Schema.oneofTypeName(oneof)
                let values = members.map { "\(memberLocal($0)).map(\(type).\($0.property))" }
                let names = members.map { "\"\($0.jsonName)\"" }
                out.line(
                    "self.\(Schema.oneofPropertyName(oneof)) = try source.oneof([\(values.joined(separator: ", "))], "
                        + "named: [\(names.joined(separator: ", "))])")
            }
            out.line("try source.finish()")
        }
    }

    private func memberLocal(_ field: Schema.Field) -> String { "member_\(field.jsonName)" }

    /// `writeFields(to:)`: each field put in JSON-name order; a oneof's members as optionals, the one set written.
    /// Specialized for the JSON writer here, in the messages' module: the writer calls it through `ProtoMessage`,
    /// across the module line, where it was otherwise left generic (a cache miss's answer 7 % slower, in issue 35).
    private func writer(_ fields: [Schema.Field], into out: inout SwiftSource) {
        out.line("@_specialize(where W == ProtoJSONOutput)")
        guard !fields.isEmpty else {
            out.line("public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {}")
            return
        }
        out.block("public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {") { out in
            for field in Schema.jsonOrder(fields) {
                let name = "\"\(field.jsonName)\""
                if let oneof = field.oneof {
                    // Every member is put, set or not, so that a writer sees the same fields the reader asks for.
                    out.line(
                        "try w.put(\(name), self.\(Schema.oneofPropertyName(oneof)).flatMap { "
                            + "if case .\(field.property)(let value) = $0 { value } else { nil } })")
                } else {
                    out.line("try w.put(\(name), self.\(field.property))")
                }
            }
        }
    }
}
