extension Character {
    /// The columns this grapheme takes on a terminal: 2 for East Asian wide and full-width characters and for
    /// emoji shown as emoji (default emoji presentation, a variation selector 16, a flag), else 1.
    ///
    /// Control characters and lone combining marks count 1: the terminal writer draws them as `?`, so a cell is
    /// never narrower than one column.
    public var displayWidth: Int {
        if isASCII { return 1 }
        let scalars = unicodeScalars
        var count = 0
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F: return 2  // emoji presentation asked for
            case 0xFE0E: return 1  // text presentation asked for
            default: count += 1
            }
        }
        let first = scalars.first!.value
        // A pair of regional indicators is a flag.
        if count >= 2, (0x1F1E6...0x1F1FF).contains(first) { return 2 }
        return WideCharacters.contains(first) ? 2 : 1
    }
}

extension StringProtocol {
    /// The columns the text takes on a terminal: the sum of its graphemes' display widths.
    public var displayWidth: Int {
        var columns = 0
        for character in self { columns += character.displayWidth }
        return columns
    }
}
