import Foundation

/// Where the tests' inputs are, found from this file's place in the checkout — never an absolute path of one
/// machine, and never outside the checkout: a clone of the repository alone runs every test. A file that should be there and is not fails the test that needs it, saying which file and why; no test
/// skips quietly.
public enum Repository {
    /// The checkout: three levels above `Sources/TestSupport/Files/`.
    public static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The path of `relative` under the checkout (`Assets/maps/monaco.roadmap`).
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The path of a file under the checkout, or an error naming it when it is missing.
    public static func file(_ relative: String) throws -> String {
        try existing(root.appendingPathComponent(relative), hint: "it is committed: is the checkout complete?")
    }

    private static func existing(_ url: URL, hint: String) throws -> String {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw MissingTestFile(path: url.path, hint: hint)
        }
        return url.path
    }

    /// A fresh directory under the system's temporary directory, named after `purpose`.
    public static func temporaryDirectory(_ purpose: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tripterm-\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A test input that is not where it should be.
public struct MissingTestFile: Error, CustomStringConvertible {
    public var path: String
    public var hint: String
    public var description: String { "missing test input \(path): \(hint)" }
}
