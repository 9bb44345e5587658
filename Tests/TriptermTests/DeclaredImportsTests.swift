import Foundation
import TestSupport
import Testing

/// Every target of `Package.swift` imports exactly what it declares: a module it imports without declaring it builds
/// only while some other target happens to pull it in, and one it declares without importing is build time for
/// nothing. SwiftPM's `--explicit-target-dependency-import-check` (which `make test` passes) sees only the package's
/// own targets, and accepts one reached through another target; this sees libraries too, and direct declarations.
@Suite struct DeclaredImportsTests {
    /// The toolchain's own modules, which no manifest declares.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Darwin",
        "Dispatch", "Synchronization", "Testing", "XCTest", "_Concurrency", "os",
    ]

    struct Target {
        var name: String
        var directory: String
        var dependencies: Set<String>
    }

    static func targets() throws -> [Target] {
        let manifest = try String(contentsOfFile: try Repository.file("Package.swift"), encoding: .utf8)
        let tests = Set(ArchitectureDocTests.matches(#"\.testTarget\(\s*name:\s*"([\w-]+)""#, in: manifest))
        return ArchitectureDocTests.declarations(in: manifest, tests: true, products: true).compactMap {
            // The fuzzers live apart (Fuzz/) and exist only in the sanitizer build.
            guard !["tripterm-fuzz", "CLibFuzzer"].contains($0.name) else { return nil }
            let directory = (tests.contains($0.name) ? "Tests/" : "Sources/") + $0.name
            return Target(name: $0.name, directory: directory, dependencies: Set($0.dependencies))
        }
    }

    /// The modules a directory's Swift files import (`import X`, `@testable import X`, `import struct X.Y`…).
    static func imports(under directory: String) throws -> Set<String> {
        let root = try Repository.file(directory)
        let pattern = try NSRegularExpression(
            pattern: #"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|typealias|var|let)\s+)?(\w+)"#,
            options: .anchorsMatchLines)
        var modules: Set<String> = []
        for path in try FileManager.default.subpathsOfDirectory(atPath: root) where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            let range = NSRange(location: 0, length: (text as NSString).length)
            for match in pattern.matches(in: text, range: range) {
                modules.insert((text as NSString).substring(with: match.range(at: 1)))
            }
        }
        return modules
    }

    @Test func everyTargetImportsWhatItDeclaresAndDeclaresWhatItImports() throws {
        let targets = try Self.targets()
        #expect(targets.count >= 30, "the manifest parser found \(targets.map(\.name))")
        let executables = Set(
            ArchitectureDocTests.matches(
                #"\.executableTarget\(\s*name:\s*"([\w-]+)""#,
                in: try String(contentsOfFile: try Repository.file("Package.swift"), encoding: .utf8)))
        for target in targets {
            let imported = try Self.imports(under: target.directory).subtracting(Self.toolchainModules)
                .subtracting([target.name])
            let undeclared = imported.subtracting(target.dependencies)
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring them")
            // A test target may depend on an executable only to have it built (its tests run the binary).
            let unused = target.dependencies.subtracting(imported).subtracting(executables)
            #expect(unused.isEmpty, "\(target.name) declares \(unused.sorted()) and imports none of them")
        }
    }
}
