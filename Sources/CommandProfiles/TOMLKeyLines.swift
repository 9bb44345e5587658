/// The line each key of a TOML document is written on, by its dotted path (`["profiles", "work", "backend"]`).
///
/// TOMLKit parses the document but keeps no positions, and an error about a key must name its line. This scanner
/// follows just enough of TOML's grammar for that: table headers, dotted and quoted keys, comments, and values that
/// run over several lines (multi-line strings, arrays, inline tables), whose lines hold no keys. A key inside an
/// inline table is not recorded; ``line(of:)`` then answers its table's line.
struct TOMLKeyLines {
    private var lines: [[String]: Int] = [:]

    init(_ text: String) {
        var table: [String] = []
        var value = ValueScanner()
        // TOML's newlines are LF and CRLF; a CRLF is one Character in Swift.
        let rows = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, row) in rows.enumerated() {
            var rest = row[...]
            if value.isBetweenStatements {
                var cursor = rest.drop(while: \.isTOMLWhitespace)
                if cursor.first == "[" {
                    cursor = cursor.dropFirst(cursor.dropFirst().first == "[" ? 2 : 1)
                    if let path = Self.key(&cursor) {
                        table = path
                        record(path, line: index + 1)
                    }
                    continue
                }
                guard let key = Self.key(&cursor), cursor.first == "=" else { continue }
                for count in 1...key.count { record(table + key.prefix(count), line: index + 1) }
                rest = cursor.dropFirst()
            }
            value.scan(rest)
        }
    }

    /// The line of `path`, else of its nearest recorded ancestor (a key written inside an inline table).
    func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path] { return line }
            path.removeLast()
        }
        return nil
    }

    private mutating func record(_ path: [String], line: Int) {
        if lines[path] == nil { lines[path] = line }
    }

    /// A dotted key at `cursor` (bare, "basic" or 'literal' parts), leaving `cursor` after it and its trailing
    /// blanks; nil when there is none.
    private static func key(_ cursor: inout Substring) -> [String]? {
        var parts: [String] = []
        while true {
            cursor = cursor.drop(while: \.isTOMLWhitespace)
            guard let first = cursor.first else { return nil }
            if first == "\"" || first == "'" {
                cursor = cursor.dropFirst()
                var part = ""
                while let character = cursor.first, character != first {
                    cursor = cursor.dropFirst()
                    if first == "\"", character == "\\", let escaped = cursor.first {
                        cursor = cursor.dropFirst()
                        part.append(escaped)
                    } else {
                        part.append(character)
                    }
                }
                guard cursor.first == first else { return nil }
                cursor = cursor.dropFirst()
                parts.append(part)
            } else {
                let bare = cursor.prefix(while: { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
                guard !bare.isEmpty else { return nil }
                cursor = cursor.dropFirst(bare.count)
                parts.append(String(bare))
            }
            cursor = cursor.drop(while: \.isTOMLWhitespace)
            guard cursor.first == "." else { return parts }
            cursor = cursor.dropFirst()
        }
    }
}

/// Whether a line ends inside a value: an open multi-line string, array or inline table.
private struct ValueScanner {
    private enum Mode { case plain, multiLineBasic, multiLineLiteral }
    private var mode = Mode.plain
    private var depth = 0

    var isBetweenStatements: Bool { mode == .plain && depth == 0 }

    mutating func scan(_ text: Substring) {
        var rest = text
        while let character = rest.first {
            switch mode {
            case .multiLineBasic:
                if rest.hasPrefix("\"\"\"") {
                    mode = .plain
                    rest = rest.dropFirst(3)
                } else {
                    rest = rest.dropFirst(character == "\\" ? 2 : 1)
                }
            case .multiLineLiteral:
                if rest.hasPrefix("'''") {
                    mode = .plain
                    rest = rest.dropFirst(3)
                } else {
                    rest = rest.dropFirst()
                }
            case .plain:
                if character == "#" { return }
                if rest.hasPrefix("\"\"\"") {
                    mode = .multiLineBasic
                    rest = rest.dropFirst(3)
                } else if rest.hasPrefix("'''") {
                    mode = .multiLineLiteral
                    rest = rest.dropFirst(3)
                } else if character == "\"" || character == "'" {
                    rest = Self.afterString(rest.dropFirst(), quote: character)
                } else {
                    if character == "[" || character == "{" { depth += 1 }
                    if character == "]" || character == "}" { depth = max(0, depth - 1) }
                    rest = rest.dropFirst()
                }
            }
        }
    }

    /// What follows a one-line string whose opening quote was just read ("basic" strings have escapes).
    private static func afterString(_ text: Substring, quote: Character) -> Substring {
        var rest = text
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == quote { return rest }
            if quote == "\"", character == "\\" { rest = rest.dropFirst() }
        }
        return rest
    }
}

extension Character {
    fileprivate var isTOMLWhitespace: Bool { self == " " || self == "\t" }
}
