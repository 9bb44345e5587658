/// Reads OSM's numeric attributes straight from bytes, without making strings.
enum OSMNumbers {
    /// A decimal integer such as a node id (`-12` is valid: JOSM writes negative ids for new objects).
    static func int64(_ bytes: ArraySlice<UInt8>) -> Int64? {
        var index = bytes.startIndex
        var negative = false
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < bytes.endIndex, bytes.endIndex - index <= 18 else { return nil }
        var value: Int64 = 0
        while index < bytes.endIndex {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
            index += 1
        }
        return negative ? -value : value
    }

    /// A decimal degree value (`43.7370125`, `-54.5`) as an integer of 1e-7 degrees, rounded half away from zero
    /// past the seventh decimal; nil outside ±180 degrees.
    static func e7(_ bytes: ArraySlice<UInt8>) -> Int32? {
        var index = bytes.startIndex
        var negative = false
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var whole: Int64 = 0
        var wholeDigits = 0
        while index < bytes.endIndex, bytes[index] != UInt8(ascii: ".") {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10, wholeDigits < 4 else { return nil }
            whole = whole * 10 + Int64(digit)
            wholeDigits += 1
            index += 1
        }
        var fraction: Int64 = 0
        var fractionDigits = 0
        var roundUp = false
        if index < bytes.endIndex {
            index += 1  // the point
            while index < bytes.endIndex {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                if fractionDigits < 7 {
                    fraction = fraction * 10 + Int64(digit)
                } else if fractionDigits == 7 {
                    roundUp = digit >= 5
                }
                fractionDigits += 1
                index += 1
            }
        }
        guard wholeDigits > 0 || fractionDigits > 0 else { return nil }
        for _ in min(fractionDigits, 7)..<7 { fraction *= 10 }
        var value = whole * 10_000_000 + fraction + (roundUp ? 1 : 0)
        if negative { value = -value }
        guard abs(value) <= 1_800_000_000 else { return nil }
        return Int32(value)
    }
}
