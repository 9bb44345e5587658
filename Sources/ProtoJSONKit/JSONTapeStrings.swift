/// Reading JSON string contents from bytes the ``JSONTapeParser`` has checked.
enum JSONTapeStrings {
    /// Four hex digits at `index` as a UTF-16 code unit, or nil.
    static func hex4(_ bytes: UnsafePointer<UInt8>, _ index: Int, _ count: Int) -> UInt16? {
        guard index + 4 <= count else { return nil }
        var value: UInt16 = 0
        for i in index..<(index + 4) {
            let byte = bytes[i]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// The text of a string token's bytes (between the quotes), escapes decoded. The parser has already checked
    /// every escape, so this cannot fail.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, escaped: Bool) -> String {
        guard escaped else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let base = bytes.baseAddress!
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            let code = bytes[i + 1]
            i += 2
            switch code {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(hex4(base, i, bytes.count) ?? 0xFFFD)
                i += 4
                if (0xD800...0xDBFF).contains(scalar), let low = hex4(base, i + 2, bytes.count) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    i += 6
                }
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
            default: out.append(code)  // " \ /
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
