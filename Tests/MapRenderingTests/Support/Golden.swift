import Foundation
import MapRendering
import Testing

/// Golden frames: a rendered `CellBuffer` as text (the glyph rows between `|`s), then its styles (a legend of the
/// distinct styles, each a letter, and the rows as letters). Files live in `Tests/MapRenderingTests/Golden/`, found
/// from this file's path; `TRIPTERM_UPDATE_GOLDEN=1 swift test` rewrites them.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static func text(of buffer: CellBuffer, title: String) -> String {
        var letters: [CellStyle: Character] = [CellStyle.plain: "."]
        var legend = [". \(describe(.plain))"]
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var styleRows: [String] = []
        for y in 0..<buffer.height {
            var row = ""
            for x in 0..<buffer.width {
                let style = buffer[x, y].style
                if letters[style] == nil {
                    let letter = alphabet[min(letters.count - 1, alphabet.count - 1)]
                    letters[style] = letter
                    legend.append("\(letter) \(describe(style))")
                }
                row.append(letters[style]!)
            }
            styleRows.append(row)
        }
        let glyphs = buffer.lines.map { "|\($0)|" }
        return (["# \(title)"] + glyphs + ["-- styles"] + legend + ["-- style map"] + styleRows).joined(separator: "\n")
            + "\n"
    }

    static func describe(_ style: CellStyle) -> String {
        func colour(_ c: TerminalColor) -> String {
            switch c {
            case .default: "default"
            case .palette(let index): "\(index)"
            }
        }
        var parts = ["fg \(colour(style.foreground))", "bg \(colour(style.background))"]
        let names: [(CellAttributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline")]
        for (attribute, name) in names where style.attributes.contains(attribute) { parts.append(name) }
        return parts.joined(separator: " ")
    }

    /// Compares `buffer` with the golden file `name`.txt, or writes it when updating; a mismatch records an issue
    /// listing the differing lines.
    static func check(_ buffer: CellBuffer, named name: String, title: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = text(of: buffer, title: title)
        let url = directory.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["TRIPTERM_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do { try actual.write(to: url, atomically: true, encoding: .utf8) } catch {
                Issue.record("cannot write \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden file \(url.path); run with TRIPTERM_UPDATE_GOLDEN=1 to create it", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let report = "frame differs from \(name).txt (TRIPTERM_UPDATE_GOLDEN=1 to accept):\n" + diff(expected, actual)
            Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
        }
    }

    /// Line-by-line differences: `-` expected, `+` actual, with line numbers and a caret under the first differing
    /// column.
    static func diff(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(old.count, new.count) {
            let a = i < old.count ? String(old[i]) : nil, b = i < new.count ? String(new[i]) : nil
            guard a != b else { continue }
            let number = String(i + 1)
            let prefix = String(repeating: " ", count: max(0, 4 - number.count)) + number
            if let a { out.append("\(prefix) - \(a)") }
            if let b { out.append("\(prefix) + \(b)") }
            if let a, let b {
                let column = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
                out.append("       " + String(repeating: " ", count: column) + "^")
            }
            if out.count > 60 {
                out.append("…")
                break
            }
        }
        return out.joined(separator: "\n")
    }
}
