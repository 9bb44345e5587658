import Foundation
import Testing

/// Golden files: text a test produces (a frame as text and styles, a screen, a report) compared with a committed
/// file, and rewritten instead when `TRIPTERM_UPDATE_GOLDEN=1` (review the result with `git diff`). A mismatch is
/// recorded with the differing lines; a missing file is a failure that says how to create it.
public enum Golden {
    /// Whether this run rewrites golden files instead of comparing.
    public static var updating: Bool { ProcessInfo.processInfo.environment["TRIPTERM_UPDATE_GOLDEN"] == "1" }

    /// Compares `actual` with the file at `url`, or writes it when updating.
    public static func check(_ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        if updating {
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try actual.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                Issue.record("cannot write \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden file \(url.path); run with TRIPTERM_UPDATE_GOLDEN=1 to create it",
                sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let report =
                "differs from \(url.lastPathComponent) (TRIPTERM_UPDATE_GOLDEN=1 to accept):\n"
                + diff(expected, actual)
            Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
        }
    }

    /// Line-by-line differences: `-` expected, `+` actual, with line numbers and a caret under the first differing
    /// column; at most about 60 lines.
    public static func diff(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(old.count, new.count) {
            let a = i < old.count ? String(old[i]) : nil
            let b = i < new.count ? String(new[i]) : nil
            guard a != b else { continue }
            let number = String(i + 1)
            let prefix = String(repeating: " ", count: max(0, 4 - number.count)) + number
            if let a { out.append("\(prefix) - \(a)") }
            if let b { out.append("\(prefix) + \(b)") }
            if let a, let b {
                let column =
                    zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
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
