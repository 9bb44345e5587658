import TerminalCore

/// Word wrapping for the replay's panels: a finding's detail and a report card's values are sentences.
enum TextWrap {
    /// `text` in lines of at most `width` columns, broken at spaces (a word longer than a line is cut).
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if candidate.displayWidth <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = String(word)
            while line.displayWidth > width {
                lines.append(String(line.prefix(width)))
                line = String(line.dropFirst(width))
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
