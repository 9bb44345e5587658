import Foundation

/// The encodings tripterm lets Foundation's `XMLParser` (libxml2) read, checked before it sees a document.
///
/// libxml2 reads UTF-8, ASCII, ISO-8859-1 and UTF-16 itself and hands any other declared encoding to iconv; a
/// document that declares UTF-7 and then holds bytes iconv rejects crashed it in `xmlSwitchToEncoding` (Debian 12's
/// libxml2 2.9.14, found by the `gpx` and `driver-gpx` fuzzers). GPX is written in UTF-8 in practice, so a file
/// that is not UTF-8, ASCII or ISO-8859-1 by its XML declaration is refused with a message instead.
public enum XMLDeclaredEncoding {
    /// The encodings let through, in lower case.
    static let readable: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "iso_8859-1", "latin1"]

    /// Why `data` is not given to the XML parser, or nil when it may be: a byte-order mark or leading NUL bytes
    /// other than UTF-8's (UTF-16 or UTF-32, whose declaration this check cannot read), or a declared encoding
    /// outside ``readable``.
    public static func refusal(_ data: Data) -> String? {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if let first = bytes.first, first == 0xFE || first == 0xFF || first == 0 || bytes.dropFirst().first == 0 {
            return "not UTF-8 (a UTF-16 or UTF-32 byte order or NUL bytes at the start): only UTF-8 XML is read"
        }
        // The declaration, to its first `>` however many blanks it holds (libxml2 skips any number).
        guard bytes.starts(with: "<?xml".utf8) else { return nil }
        let declaration = bytes.firstIndex(of: UInt8(ascii: ">")).map { bytes[...$0] } ?? bytes
        guard let encoding = declared(in: Array(declaration)) else { return nil }
        guard readable.contains(encoding.lowercased()) else {
            return "the XML declaration names encoding \"\(encoding)\": only UTF-8 (or ASCII, ISO-8859-1) XML is read"
        }
        return nil
    }

    /// The value of `encoding` in a leading `<?xml … ?>` declaration, if there is one. The declaration ends at its
    /// first `>`, not only at `?>`: libxml2 switches to the encoding as soon as it has read its name, before it finds
    /// the declaration malformed, so `encoding="UTF-7"?,>` crashed it as the well-formed one did (`gpx` fuzzer).
    static func declared(in bytes: [UInt8]) -> String? {
        guard bytes.starts(with: "<?xml".utf8) else { return nil }
        let end = bytes.firstIndex(of: UInt8(ascii: ">")) ?? bytes.endIndex
        guard let name = bytes[..<end].firstRange(of: "encoding".utf8)?.upperBound else { return nil }
        // `= "value"` or `= 'value'`, with optional white space around `=`.
        var rest = bytes[name..<end].drop(while: isSpace)
        guard rest.first == UInt8(ascii: "=") else { return nil }
        rest = rest.dropFirst().drop(while: isSpace)
        guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
            let close = rest.dropFirst().firstIndex(of: quote)
        else { return nil }
        return String(decoding: rest[rest.index(after: rest.startIndex)..<close], as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
}
