import CNcursesw
import MapRendering

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

    /// Fills `character` with `grapheme`, `attributes` and `pair`. A grapheme that would not take exactly one
    /// column (a control character, a wide CJK or emoji glyph, or anything in a non-UTF-8 locale) becomes `?`,
    /// so one cell always stays one column and the rest of the row does not shift.
    static func encode(
        _ grapheme: Character, attributes: attr_t, pair: Int16, into character: inout cchar_t
    ) {
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: capacity) { wide in
            var count = 0
            for scalar in grapheme.unicodeScalars where count < capacity - 1 {
                wide[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
            if count == 0 || !isSingleColumn(grapheme.unicodeScalars.first!) {
                wide[0] = wchar_t(UInt8(ascii: "?"))
                count = 1
            }
            wide[count] = 0
            _ = setcchar(&character, wide.baseAddress, attributes, pair, nil)
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

    private static func isSingleColumn(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return true }
        if value < 0xA0 { return false }
        return cn_wcwidth(wchar_t(bitPattern: value)) == 1
    }
}
