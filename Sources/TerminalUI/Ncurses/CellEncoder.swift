import CNcursesw
import TerminalCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Converts between `Cell`s and ncurses' `cchar_t`: the grapheme as wide characters (one spacing character
/// plus combining marks), attributes as `attr_t` bits. Every glyph goes through `setcchar`, which draws
/// Braille and arrows correctly even where `mvwaddstr` with UTF-8 would garble them.
enum CellEncoder {
    /// Wide characters a `cchar_t` holds, terminator included.
    static let capacity = Int(cn_cchar_max())

    /// Fills `character` with `grapheme`, `attributes` and `pair`, and returns the columns it takes: 1, or 2 for a
    /// wide glyph when `maxColumns` allows it. A grapheme that cannot be drawn in that room (a control character,
    /// a wide glyph in one cell, anything beyond ASCII in a non-UTF-8 locale) becomes `?`, so the rest of the row
    /// never shifts. Only the first scalar may take columns; the rest must be non-spacing (combining marks,
    /// variation selectors, joiners), since ncurses refuses a `cchar_t` with two spacing characters.
    @discardableResult
    static func encode(
        _ grapheme: Character, maxColumns: Int = 1, attributes: attr_t, pair: Int16, into character: inout cchar_t
    ) -> Int {
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: capacity) { wide in
            let scalars = grapheme.unicodeScalars
            var columns = scalars.first.map(Self.columns) ?? 0
            var count = 0
            if columns >= 1, columns <= maxColumns {
                for scalar in scalars where count < capacity - 1 && (count == 0 || Self.columns(scalar) == 0) {
                    wide[count] = wchar_t(bitPattern: scalar.value)
                    count += 1
                }
            } else {
                wide[0] = wchar_t(UInt8(ascii: "?"))
                count = 1
                columns = 1
            }
            wide[count] = 0
            _ = setcchar(&character, wide.baseAddress, attributes, pair, nil)
            return columns
        }
    }

    /// Reads a `cchar_t` back: its grapheme, attributes and pair.
    static func decode(_ character: cchar_t) -> (grapheme: Character, attributes: attr_t, pair: Int16) {
        var cell = character
        var attributes: attr_t = 0
        var pair: Int16 = 0
        let grapheme = withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: capacity + 1) { wide -> Character in
            wide.initialize(repeating: 0)
            _ = getcchar(&cell, wide.baseAddress, &attributes, &pair, nil)
            var text = String.UnicodeScalarView()
            for value in wide {
                guard value != 0, let scalar = Unicode.Scalar(UInt32(bitPattern: value)) else { break }
                text.append(scalar)
            }
            return text.isEmpty ? " " : Character(String(text))
        }
        return (grapheme, attributes, pair)
    }

    /// Curses attribute bits for cell attributes.
    static func attributes(_ attributes: CellAttributes) -> attr_t {
        var bits = cn_a_normal()
        if attributes.contains(.bold) { bits |= cn_a_bold() }
        if attributes.contains(.dim) { bits |= cn_a_dim() }
        if attributes.contains(.reverse) { bits |= cn_a_reverse() }
        if attributes.contains(.underline) { bits |= cn_a_underline() }
        return bits
    }

    /// Cell attributes for curses attribute bits (colour and other bits are ignored).
    static func cellAttributes(_ bits: attr_t) -> CellAttributes {
        var attributes: CellAttributes = []
        if bits & cn_a_bold() != 0 { attributes.insert(.bold) }
        if bits & cn_a_dim() != 0 { attributes.insert(.dim) }
        if bits & cn_a_reverse() != 0 { attributes.insert(.reverse) }
        if bits & cn_a_underline() != 0 { attributes.insert(.underline) }
        return attributes
    }

    /// The columns ncurses gives a scalar (wcwidth: 0 non-spacing, -1 unprintable), printable ASCII without a call.
    static func columns(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0xA0 { return -1 }
        return Int(cn_wcwidth(wchar_t(bitPattern: value)))
    }
}
