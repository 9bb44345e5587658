import Foundation
import ProtoCodegen
import SwiftProtobuf
import TestSupport
import Testing

/// The drift check of the one schema: Protos/ is the only place a field is declared, so the committed descriptor set
/// must be what protoc makes of it, and every generated file what the generator makes of that set. A hand edit of
/// generated code, a .proto edited without running scripts/generate-protos.sh, or a stale or stray generated file
/// each fails here, naming the file.
@Suite struct GeneratedCodeDriftTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fix = "run scripts/generate-protos.sh and commit what it writes"

    static func committedDescriptorSet() throws -> Google_Protobuf_FileDescriptorSet {
        let data = try Data(contentsOf: repository.appending(path: ProtoCodegen.descriptorSetPath))
        return try Google_Protobuf_FileDescriptorSet(serializedBytes: data)
    }

    @Test func everyGeneratedFileIsWhatTheCommittedDescriptorSetMakes() throws {
        let outputs = try ProtoCodegen.generate(try Self.committedDescriptorSet())
        #expect(!outputs.isEmpty)
        for output in outputs {
            let url = Self.repository.appending(path: output.path)
            guard let committed = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("\(output.path) is missing: \(Self.fix)")
                continue
            }
            if committed != output.contents {
                let diff = Golden.diff(output.contents, committed)
                Issue.record("\(output.path) is not what the generator makes: \(Self.fix)\n\(diff)")
            }
        }
        let expected = Set(outputs.map(\.path))
        for path in try Self.generatedFilesOnDisk() where !expected.contains(path) {
            Issue.record("\(path) is made by no .proto: \(Self.fix)")
        }
    }

    /// Where protoc is installed (`make deps` installs it), Protos/ is compiled afresh and must give the committed set.
    @Test func theCommittedDescriptorSetIsWhatProtocMakesOfProtos() async throws {
        guard let protoc = Self.executable(named: "protoc") else {
            print("GeneratedCodeDriftTests: no protoc on PATH; the committed descriptor set is not rechecked")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appending(path: "protodrift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appending(path: "descriptors.binpb")
        let protos = Self.repository.appending(path: "Protos")
        let files = try Self.protoFiles(under: protos)
        let run = try await TriptermBinary.runTool(
            protoc,
            [
                "--proto_path=\(protos.path)", "--include_imports", "--include_source_info",
                "--descriptor_set_out=\(output.path)",
            ] + files)
        try #require(run.status == 0, "protoc failed: \(run.stderr)")
        let fresh = ProtoCodegen.normalized(
            try Google_Protobuf_FileDescriptorSet(serializedBytes: try Data(contentsOf: output)))
        let committed = try Self.committedDescriptorSet()
        for file in fresh.file {
            guard let twin = committed.file.first(where: { $0.name == file.name }) else {
                Issue.record("\(file.name) is not in \(ProtoCodegen.descriptorSetPath): \(Self.fix)")
                continue
            }
            // Our own files are compared whole, comments included (they become the doc comments); the
            // well-known types by their definitions, since another protoc may lay out Google's files otherwise.
            var (a, b) = (file, twin)
            if file.name.hasPrefix("google/protobuf/") { (a, b) = (Self.stripped(a), Self.stripped(b)) }
            #expect(a == b, "Protos/\(file.name) has changed since \(ProtoCodegen.descriptorSetPath): \(Self.fix)")
        }
        let stale = Set(committed.file.map(\.name)).subtracting(fresh.file.map(\.name))
        #expect(stale.isEmpty, "\(stale.sorted()) no longer in Protos/: \(Self.fix)")
    }

    /// A hand edit is found and shown: the check compares every line, not just the file's length or its first lines.
    @Test func aHandEditIsADifference() throws {
        let outputs = try ProtoCodegen.generate(try Self.committedDescriptorSet())
        let trip = try #require(outputs.first { $0.contents.contains("public struct Trip:") })
        let edited = trip.contents.replacingOccurrences(
            of: "public var vehicleId: String", with: "public var vehicleID: String")
        #expect(edited != trip.contents)
        let diff = Golden.diff(trip.contents, edited)
        #expect(diff.contains("- ") && diff.contains("public var vehicleId: String"))
        #expect(diff.contains("+ ") && diff.contains("public var vehicleID: String"))
        #expect(Golden.diff(trip.contents, trip.contents).isEmpty)
    }

    static func generatedFilesOnDisk() throws -> [String] {
        let manager = FileManager.default
        let model = try manager.contentsOfDirectory(
            atPath: repository.appending(path: ProtoCodegen.modelDirectory).path
        ).map { "\(ProtoCodegen.modelDirectory)/\($0)" }
        let conversions = try manager.contentsOfDirectory(
            atPath: repository.appending(path: ProtoCodegen.conversionsDirectory).path
        ).filter { $0.hasSuffix(ProtoCodegen.conversionsSuffix) }.map { "\(ProtoCodegen.conversionsDirectory)/\($0)" }
        let server = try manager.contentsOfDirectory(
            atPath: repository.appending(path: ProtoCodegen.serverDirectory).path
        ).map { "\(ProtoCodegen.serverDirectory)/\($0)" }
        return model + conversions + server
    }

    static func protoFiles(under root: URL) throws -> [String] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path)
        return paths.filter { $0.hasSuffix(".proto") }.sorted()
    }

    static func stripped(_ file: Google_Protobuf_FileDescriptorProto) -> Google_Protobuf_FileDescriptorProto {
        var file = file
        file.clearSourceCodeInfo()
        file.options = Google_Protobuf_FileOptions()
        return file
    }

    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
