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
        var string = string
        return try string.withUTF8 { decode(characters: $0) }.get()
    }

    /// The bytes these characters encode, as the `String` form reads them, where they lie: a JWT's parts, each
    /// decoded for every new token on the server's event loop, without a `String` or an array made of them first
    /// (a third of the time of that).
    public static func decode(_ characters: ArraySlice<UInt8>) throws(PolylineError) -> [UInt8] {
        try characters.withUnsafeBufferPointer { decode(characters: $0) }.get()
    }

    private static func decode(characters: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], PolylineError> {
        var end = characters.count
        while end > 0, characters[end - 1] == UInt8(ascii: "=") {
            end -= 1
        }
        let padding = characters.count - end
        if padding > 0, padding > 2 || characters.count % 4 != 0 {
            return .failure(PolylineError(.s2, .invalidBase64Padding, at: end))
        }
        guard end % 4 != 1 else {
            return .failure(PolylineError(.s2, .invalidBase64Length, at: characters.count))
        }
        var failure: PolylineError?
        let bytes = values.withUnsafeBufferPointer { values in
            [UInt8](unsafeUninitializedCapacity: end / 4 * 3 + 2) { bytes, count in
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
                        failure = PolylineError(.s2, reason, at: index)
                        return
                    }
                    accumulator = (accumulator << 6) | UInt32(value)
                    bitCount += 6
                    if bitCount >= 8 {
                        bitCount -= 8
                        bytes[count] = UInt8(truncatingIfNeeded: accumulator >> bitCount)
                        count += 1
                    }
                }
            }
        }
        if let failure { return .failure(failure) }
        return .success(bytes)
    }
}
