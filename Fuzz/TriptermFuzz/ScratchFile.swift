import Foundation

/// A file holding the current input, for entry points that read a path as the product does (`tripterm driver
/// --gpx`, `tripterm import`). One per process, in the temporary directory, rewritten for each input.
enum ScratchFile {
    static let path: String = {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        return "\(directory)/tripterm-fuzz-\(getpid())"
    }()

    /// Writes `data` to ``path`` and returns the path.
    static func holding(_ data: Data) -> String {
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            fatalError("tripterm-fuzz: cannot write \(path)")
        }
        return path
    }

    /// What ``path`` holds now (what a product entry point wrote there).
    static func contents() -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            fatalError("tripterm-fuzz: cannot read \(path)")
        }
        return data
    }
}
