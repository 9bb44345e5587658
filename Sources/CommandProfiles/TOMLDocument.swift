import Foundation
import TOMLKit

/// A TOML file parsed, with the line of each key: the profiles' config file and `serve`'s events file are both read
/// through it, so both report problems as `file:line: problem` (``ConfigError``).
struct TOMLDocument {
    let path: String
    let table: TOMLTable
    let lines: TOMLKeyLines

    /// The text of the file at `path`. Throws a ``ConfigError``.
    static func text(atPath path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(path: path, line: nil, problem: "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(path: path, line: nil, problem: "is not UTF-8 text, as TOML must be")
        }
        return text
    }

    /// Parses `text`, the file at `path` (named in errors). Throws a ``ConfigError``.
    init(text: String, path: String) throws {
        self.path = path
        do {
            // toml++ reads a C string: a NUL would silently end the document early.
            if let nul = text.firstIndex(of: "\0") {
                let line = text[..<nul].count(where: { $0 == "\n" || $0 == "\r\n" }) + 1
                throw ConfigError(path: path, line: line, problem: "holds a NUL character")
            }
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(
                path: path, line: error.source.begin.line, column: error.source.begin.column,
                problem: error.description)
        }
        lines = TOMLKeyLines(text)
    }

    /// A problem with the key at `keyPath`, told at its line.
    func error(at keyPath: [String], _ problem: String) -> ConfigError {
        ConfigError(path: path, line: lines.line(of: keyPath), problem: problem)
    }

    /// The first of `problems` by line: toml++ keeps keys sorted, not in the file's order.
    static func first(of problems: [ConfigError]) -> ConfigError? {
        problems.min { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
    }
}
