extension JSONTapeValue {
    /// The value as indented lines (two spaces a level), members in the order written and strings and numbers spelt
    /// as written: what someone comparing it with the file expects, where encoding it again would sort the keys and
    /// respell the numbers.
    public func prettyLines() -> [String] {
        var lines: [String] = []
        var line = ""
        appendPretty(to: &lines, line: &line, depth: 0)
        lines.append(line)
        return lines
    }

    /// Appends the value to `line`, and every line an array or object completes to `lines`.
    private func appendPretty(to lines: inout [String], line: inout String, depth: Int) {
        switch kind {
        case .null: line += "null"
        case .false: line += "false"
        case .true: line += "true"
        case .number: line += String(decoding: text, as: UTF8.self)
        case .string: line += "\"" + String(decoding: text, as: UTF8.self) + "\""
        case .array, .object:
            let (open, close) = kind == .array ? ("[", "]") : ("{", "}")
            guard count > 0 else {
                line += open + close
                return
            }
            line += open
            var first = true
            func item(_ key: JSONTapeValue?, _ value: JSONTapeValue) {
                if !first { line += "," }
                first = false
                lines.append(line)
                line = String(repeating: "  ", count: depth + 1)
                if let key { line += "\"" + String(decoding: key.text, as: UTF8.self) + "\": " }
                value.appendPretty(to: &lines, line: &line, depth: depth + 1)
            }
            if kind == .array {
                for element in elements() ?? [] { item(nil, element) }
            } else {
                forEachMember { key, value in item(key, value) }
            }
            lines.append(line)
            line = String(repeating: "  ", count: depth) + close
        }
    }
}
