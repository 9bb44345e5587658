/// XML's five named entities and numeric character references, which OSM writers use in names
/// (`Caf&eacute;` is not XML and stays as written).
enum XMLEntities {
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var result = ""
        var index = bytes.startIndex
        var runStart = index
        while index < bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "&"),
                let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
                let replacement = character(for: bytes[(index + 1)..<semicolon])
            else {
                index += 1
                continue
            }
            result += String(decoding: bytes[runStart..<index], as: UTF8.self)
            result.unicodeScalars.append(replacement)
            index = semicolon + 1
            runStart = index
        }
        result += String(decoding: bytes[runStart..<bytes.endIndex], as: UTF8.self)
        return result
    }

    private static func character(for name: ArraySlice<UInt8>) -> Unicode.Scalar? {
        switch String(decoding: name, as: UTF8.self) {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case let reference where reference.hasPrefix("#x") || reference.hasPrefix("#X"):
            return UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        case let reference where reference.hasPrefix("#"):
            return UInt32(reference.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        default: return nil
        }
    }
}
