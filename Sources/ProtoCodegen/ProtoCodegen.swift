import Foundation
import SwiftProtobuf
import SwiftProtobufPluginLibrary

/// tripterm's own code generator: from the descriptors of `Protos/` it writes FleetModel's message and enum types
/// and their conversions to and from swift-protobuf's, so that a field is declared once, in its `.proto` file.
/// `scripts/generate-protos.sh` runs it on protoc's descriptor set; the drift test runs it on the committed one.
public enum ProtoCodegen {
    /// A file the generator writes, its path relative to the repository.
    public struct Output: Equatable, Sendable {
        public var path: String
        public var contents: String
    }

    /// Where the outputs go, relative to the repository; everything in them is the generator's.
    public static let modelDirectory = "Sources/FleetModel/Generated"
    /// Beside swift-protobuf's and grpc-swift's own outputs, as `<file>.fleetmodel.swift`.
    public static let conversionsDirectory = "Sources/FleetEngineProto/Generated"
    public static let conversionsSuffix = ".fleetmodel.swift"
    /// The local server's entry point for each RPC (``ServiceWriter``).
    public static let serverDirectory = "Sources/FleetServer/Generated"
    /// The descriptor set the outputs are made from, committed so that a check needs no protoc.
    public static let descriptorSetPath = "Protos/descriptors.binpb"

    /// The descriptor set as committed: protoc's, without the source comments of the well-known types (ours are
    /// kept: they become the doc comments).
    public static func normalized(_ set: Google_Protobuf_FileDescriptorSet) -> Google_Protobuf_FileDescriptorSet {
        var set = set
        for index in set.file.indices where set.file[index].name.hasPrefix("google/protobuf/") {
            set.file[index].clearSourceCodeInfo()
        }
        return set
    }

    /// Every output for the files of `set` that are not well-known types.
    public static func generate(_ set: Google_Protobuf_FileDescriptorSet) throws -> [Output] {
        let descriptors = DescriptorSet(proto: set)
        let schema = Schema()
        try checkNames(descriptors, schema: schema)
        var outputs: [Output] = []
        for file in descriptors.files where Schema.generates(file) {
            let base = file.name.replacingOccurrences(of: ".proto", with: "").replacingOccurrences(of: "/", with: "_")
            outputs.append(
                Output(path: "\(modelDirectory)/\(base).swift", contents: try ModelWriter(schema: schema).file(file)))
            outputs.append(
                Output(
                    path: "\(conversionsDirectory)/\(base)\(conversionsSuffix)",
                    contents: try ConversionWriter(schema: schema).file(file)))
        }
        let generated = descriptors.files.filter(Schema.generates)
        outputs.append(
            Output(
                path: "\(modelDirectory)/GeneratedMessages.swift",
                contents: ModelWriter(schema: schema).registry(generated)))
        let services = ServiceWriter(schema: schema)
        outputs.append(Output(path: "\(modelDirectory)/LogMethods.swift", contents: services.logMethods(generated)))
        outputs.append(
            Output(path: "\(serverDirectory)/FleetMethods+Calls.swift", contents: try services.fleetMethods(generated)))
        return outputs
    }

    /// Fails on two generated types of one Swift name, or one that would hide a standard type.
    private static func checkNames(_ descriptors: DescriptorSet, schema: Schema) throws {
        var seen: [String: String] = [:]
        func claim(_ swift: String, _ proto: String) throws {
            // Nested too: a nested `Type` would read as the metatype, a nested `Data` hide Foundation's.
            let declared = String(swift.split(separator: ".").last ?? "")
            if Schema.takenTypeNames.contains(declared) {
                throw CodegenError("\(proto) would be Swift's \(declared): add it to Schema.renamedTypes")
            }
            if let other = seen.updateValue(proto, forKey: swift) {
                throw CodegenError("\(proto) and \(other) would both be \(swift): add one to Schema.renamedTypes")
            }
        }
        for file in descriptors.files where Schema.generates(file) {
            for e in file.enums { try claim(schema.swiftName(e), e.fullName) }
            for message in Schema.messages(of: file) {
                try claim(schema.swiftName(message), message.fullName)
                for e in message.enums { try claim(schema.swiftName(e), e.fullName) }
            }
        }
    }
}
