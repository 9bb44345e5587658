import TerminalCore

/// A `CellBuffer` as golden text: its glyph rows between `|`s, then its styles — a legend of the distinct styles,
/// each a letter, and the rows as letters — so a golden file pins colours and attributes as well as glyphs.
public enum CellBufferText {
    public static func text(of buffer: CellBuffer, title: String) -> String {
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

    public static func describe(_ style: CellStyle) -> String {
        func colour(_ c: TerminalColor) -> String {
            switch c {
            case .default: "default"
            case .palette(let index): "\(index)"
            }
        }
        var parts = ["fg \(colour(style.foreground))", "bg \(colour(style.background))"]
        let names: [(CellAttributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline"),
        ]
        for (attribute, name) in names where style.attributes.contains(attribute) { parts.append(name) }
        return parts.joined(separator: " ")
    }
}
