extension String {
    /// Padded with spaces to `width` characters (never cut), for the text table's columns.
    func padded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
