extension Character {
    /// The columns this grapheme takes on a terminal: 2 for East Asian wide and full-width characters and for
    /// emoji shown as emoji (default emoji presentation, a variation selector 16, a flag), else 1.
    ///
    /// Control characters and lone combining marks count 1: the terminal writer draws them as `?`, so a cell is
    /// never narrower than one column.
    public var displayWidth: Int {
        // One scalar (nearly every glyph a frame holds: text, Braille, arrows) is read from its UTF-8 bytes, which
        // costs a fraction of the scalar view's validated indices; clusters of several scalars take the long way.
        let utf8 = self.utf8
        let count = utf8.count
        if count == 1 { return 1 }
        var index = utf8.startIndex
        let lead = utf8[index]
        guard count == (lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4) else { return clusterWidth }
        var value = UInt32(lead) & (0xFF >> (count + 1))
        utf8.formIndex(after: &index)
        while index != utf8.endIndex {
            value = value << 6 | UInt32(utf8[index] & 0x3F)
            utf8.formIndex(after: &index)
        }
        return value == 0xFE0F || WideCharacters.contains(value) ? 2 : 1
    }

    /// ``displayWidth`` of a cluster of several scalars (or of "\r\n").
    private var clusterWidth: Int {
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
        // ASCII without a carriage return (which joins a line feed into one grapheme): a column a byte.
        if utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return utf8.count }
        var columns = 0
        for character in self { columns += character.displayWidth }
        return columns
    }
}
