import Foundation
import ProtoCodegen
import SwiftProtobuf

// `protocodegen PROTOC_DESCRIPTOR_SET REPOSITORY`, run by scripts/generate-protos.sh: writes the normalized
// descriptor set and every generated file under REPOSITORY, and removes generated files no .proto makes any more.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: protocodegen PROTOC_DESCRIPTOR_SET REPOSITORY\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[2])
do {
    let raw = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
    let set = ProtoCodegen.normalized(try Google_Protobuf_FileDescriptorSet(serializedBytes: raw))
    let outputs = try ProtoCodegen.generate(set)
    let manager = FileManager.default
    for directory in [ProtoCodegen.modelDirectory, ProtoCodegen.conversionsDirectory, ProtoCodegen.serverDirectory] {
        try manager.createDirectory(at: root.appending(path: directory), withIntermediateDirectories: true)
    }
    for directory in [ProtoCodegen.modelDirectory, ProtoCodegen.serverDirectory] {
        let folder = root.appending(path: directory)
        for name in try manager.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            try manager.removeItem(at: folder.appending(path: name))
        }
    }
    let conversions = root.appending(path: ProtoCodegen.conversionsDirectory)
    for name in try manager.contentsOfDirectory(atPath: conversions.path)
    where name.hasSuffix(ProtoCodegen.conversionsSuffix) {
        try manager.removeItem(at: conversions.appending(path: name))
    }
    try set.serializedData().write(to: root.appending(path: ProtoCodegen.descriptorSetPath))
    for output in outputs {
        try Data(output.contents.utf8).write(to: root.appending(path: output.path))
    }
    print("protocodegen: wrote \(outputs.count) files and \(ProtoCodegen.descriptorSetPath)")
} catch {
    FileHandle.standardError.write(Data("protocodegen: \(error)\n".utf8))
    exit(1)
}
