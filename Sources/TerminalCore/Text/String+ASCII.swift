extension String {
    /// The string with common typographic symbols spelled in ASCII (`--ascii`): arrows, dashes, box lines, `×`,
    /// `…`. Every other non-ASCII glyph becomes one `?` per column it takes, so layouts computed on the Unicode
    /// text still line up.
    public var asciiSafe: String {
        guard !allSatisfy(\.isASCII) else { return self }
        var result = ""
        for character in self {
            switch character {
            case "←": result.append("<")
            case "→": result.append(">")
            case "↑": result.append("^")
            case "↓": result.append("v")
            case "—", "–", "─", "━": result.append("-")
            case "·", "│", "┃": result.append("|")
            case "×": result.append("x")
            case "…": result.append("~")
            case "⚠": result.append("!")
            case "°": result.append("d")
            default:
                if character.isASCII {
                    result.append(character)
                } else {
                    result += String(repeating: "?", count: character.displayWidth)
                }
            }
        }
        return result
    }
}
