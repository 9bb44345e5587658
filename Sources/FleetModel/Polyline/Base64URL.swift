/// The base64url transport layer (RFC 4648 §5) around Fleet Engine's S2 polyline bytes.
///
/// Decoding is deliberately liberal in what it accepts — with or without `=` padding, and the
/// standard alphabet's `+` and `/` as well as `-` and `_` — but rejects anything else with the
/// character offset of the problem. Encoding produces padded base64url, as Fleet Engine does. The server reads a
/// JWT's header with it too.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// 6-bit value for each ASCII byte, or 0xFF.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        table[Int(UInt8(ascii: "+"))] = 62
        table[Int(UInt8(ascii: "/"))] = 63
        return table
    }()

    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let available = min(3, bytes.count - index)
            var group: UInt32 = 0
            for offset in 0..<3 {
                group <<= 8
                if offset < available { group |= UInt32(bytes[index + offset]) }
            }
            for position in 0..<4 {
                if position <= available {
                    output.append(alphabet[Int((group >> (18 - 6 * position)) & 0x3F)])
                } else {
                    output.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    public static func decode(_ string: String) throws(PolylineError) -> [UInt8] {
        let characters = Array(string.utf8)
        var end = characters.count
        while end > 0, characters[end - 1] == UInt8(ascii: "=") {
            end -= 1
        }
        let padding = characters.count - end
        if padding > 0, padding > 2 || characters.count % 4 != 0 {
            throw PolylineError(.s2, .invalidBase64Padding, at: end)
        }
        guard end % 4 != 1 else {
            throw PolylineError(.s2, .invalidBase64Length, at: characters.count)
        }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(end / 4 * 3 + 2)
        var accumulator: UInt32 = 0
        var bitCount = 0
        for index in 0..<end {
            let character = characters[index]
            let value = values[Int(character)]
            guard value != 0xFF else {
                let reason: PolylineError.Reason =
                    character == UInt8(ascii: "=")
                    ? .invalidBase64Padding
                    : .invalidBase64Character(character)
                throw PolylineError(.s2, reason, at: index)
            }
            accumulator = (accumulator << 6) | UInt32(value)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> bitCount))
            }
        }
        return bytes
    }
}
