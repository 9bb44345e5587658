extension String {
    /// The string cut to `width` columns, with `…` marking a cut (or `~` in ASCII mode). Counts display columns,
    /// so wide glyphs take two; a cut that would halve one leaves a column short instead.
    public func fitted(to width: Int, ascii: Bool = false) -> String {
        guard width > 0 else { return "" }
        guard displayWidth > width else { return self }
        return prefix(columns: width - 1) + (ascii ? "~" : "…")
    }

    /// The string padded with spaces (or cut) to exactly `width` columns.
    public func padded(to width: Int, ascii: Bool = false) -> String {
        let fitted = fitted(to: width, ascii: ascii)
        return fitted + String(repeating: " ", count: max(0, width - fitted.displayWidth))
    }

    /// The longest start of the string that takes at most `columns` columns.
    public func prefix(columns: Int) -> String {
        var result = ""
        var used = 0
        for character in self {
            let width = character.displayWidth
            guard used + width <= columns else { break }
            result.append(character)
            used += width
        }
        return result
    }
}
