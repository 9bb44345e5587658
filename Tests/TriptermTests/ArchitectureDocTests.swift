import Foundation
import TestSupport
import Testing

/// docs/ARCHITECTURE.md's module table says what `Package.swift` says: a row for every module, and in each row's
/// last column exactly that target's dependencies among the package's own modules (backticked; libraries from
/// elsewhere are named in plain text and not checked).
@Suite struct ArchitectureDocTests {
    /// Our source targets (system libraries and the fuzzers aside) and their dependencies among them.
    static func packageModules() throws -> [String: Set<String>] {
        let manifest = try String(contentsOfFile: try Repository.file("Package.swift"), encoding: .utf8)
        let systemLibraries = Set(Self.matches(#"\.systemLibrary\(\s*name:\s*"(\w+)""#, in: manifest))
        var modules: [String: Set<String>] = [:]
        for declaration in Self.declarations(in: manifest) {
            modules[declaration.name] = Set(declaration.dependencies).subtracting(systemLibraries)
        }
        // The fuzzers exist only in the sanitizer build (TRIPTERM_FUZZ_RUNTIME): not a module of the product.
        modules["tripterm-fuzz"] = nil
        modules["CLibFuzzer"] = nil
        return modules
    }

    /// `.target(name:…)` and `.executableTarget(name:…)` (and `.testTarget` with `tests`) with the quoted target
    /// names in their `dependencies`, and with `products` the `.product(name:…)` entries' names too.
    static func declarations(
        in manifest: String, tests: Bool = false, products: Bool = false
    ) -> [(name: String, dependencies: [String])] {
        var found: [(String, [String])] = []
        let text = manifest as NSString
        let kinds = tests ? "target|executableTarget|testTarget" : "target|executableTarget"
        let pattern = try! NSRegularExpression(pattern: #"\.(?:"# + kinds + #")\(\s*name:\s*"([\w-]+)""#)
        for match in pattern.matches(in: manifest, range: NSRange(location: 0, length: text.length)) {
            let name = text.substring(with: match.range(at: 1))
            // The declaration runs to its closing parenthesis.
            var depth = 1
            var index = match.range.location + match.range.length
            let start = index
            while index < text.length, depth > 0 {
                let character = text.character(at: index)
                if character == 0x28 { depth += 1 }
                if character == 0x29 { depth -= 1 }
                index += 1
            }
            let body = text.substring(with: NSRange(location: start, length: index - start))
            guard let list = body.range(of: #"dependencies:\s*\["#, options: .regularExpression) else {
                found.append((name, []))
                continue
            }
            var bracket = 1
            var end = list.upperBound
            while end < body.endIndex, bracket > 0 {
                if body[end] == "[" { bracket += 1 }
                if body[end] == "]" { bracket -= 1 }
                end = body.index(after: end)
            }
            let dependencies = String(body[list.upperBound..<end])
            let targets = dependencies.replacingOccurrences(
                of: #"\.product\([^)]*\)"#, with: "", options: .regularExpression)
            let named = products ? Self.matches(#"\.product\(\s*name:\s*"([\w-]+)""#, in: dependencies) : []
            found.append((name, Self.matches(#""([\w-]+)""#, in: targets) + named))
        }
        return found
    }

    /// The table's rows: the module and the backticked names in its last column.
    static func documentedModules() throws -> [String: Set<String>] {
        let doc = try String(contentsOfFile: try Repository.file("docs/ARCHITECTURE.md"), encoding: .utf8)
        var rows: [String: Set<String>] = [:]
        var inTable = false
        for line in doc.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| module | holds | depends on |") {
                inTable = true
                continue
            }
            guard inTable else { continue }
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, let name = Self.matches("`([\\w-]+)`", in: cells[1]).first else { continue }
            rows[name] = Set(Self.matches("`([\\w-]+)`", in: cells[cells.count - 2]))
        }
        return rows
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map {
            ns.substring(with: $0.range(at: 1))
        }
    }

    @Test func theModuleTableMatchesThePackage() throws {
        let package = try Self.packageModules()
        let documented = try Self.documentedModules()
        #expect(package.keys.count >= 10, "the manifest parser found \(package.keys.sorted())")
        #expect(Set(documented.keys) == Set(package.keys), "rows vs targets")
        for (module, dependencies) in package.sorted(by: { $0.key < $1.key }) {
            // The CLI's row says "every module above but" the backticked ones rather than listing them.
            if module == "tripterm" {
                #expect(!dependencies.contains("TestSupport"), "nothing in the product links TestSupport")
                let unused = documented[module] ?? []
                #expect(dependencies == Set(package.keys).subtracting(unused.union(["tripterm"])))
                continue
            }
            #expect(
                documented[module] == dependencies, "\(module): documented \(documented[module] ?? []) vs Package.swift"
            )
        }
    }

    @Test func theManifestParserReadsNestedDeclarations() {
        let manifest = """
            .target(name: "A"),
            .target(
                name: "B",
                dependencies: ["A", .product(name: "NIOCore", package: "swift-nio")],
                exclude: ["Fixtures"]
            ),
            .executableTarget(name: "c-tool", dependencies: ["B", "A"], linkerSettings: [.unsafeFlags(["-x"])]),
            """
        let declarations = Self.declarations(in: manifest)
        #expect(declarations.map(\.name) == ["A", "B", "c-tool"])
        #expect(declarations.map(\.dependencies) == [[], ["A"], ["B", "A"]])
    }
}
