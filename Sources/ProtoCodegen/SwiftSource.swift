/// Swift text as the generator writes it: lines at an indentation, doc comments from the `.proto` comments.
struct SwiftSource {
    private(set) var text = ""
    private var depth = 0

    /// One line at the current indentation; an empty call writes an empty line.
    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    /// `opening`, the lines `body` writes one level deeper, then `closing`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftSource) throws -> Void) rethrows {
        // A switch's cases stand at the switch's own depth, as swift format puts them.
        let step = opening.hasPrefix("switch ") ? 0 : 1
        line(opening)
        depth += step
        try body(&self)
        depth -= step
        line(closing)
    }

    /// A `///` comment of these lines (a `.proto` comment as protoc keeps it), nothing when there are none.
    mutating func doc(_ comment: String) {
        var lines = comment.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasPrefix(" ") ? String($0.dropFirst()) : String($0)
        }
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        while lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
        for comment in lines { line(comment.isEmpty ? "///" : "/// " + comment) }
    }
}
