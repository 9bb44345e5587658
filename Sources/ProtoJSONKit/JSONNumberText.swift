/// JSON numbers read from their text, exactly as Foundation reads them: integers digit by digit, and doubles
/// correctly rounded — by Clinger's fast path (at most 19 significant digits worth at most 2^53, times or divided by
/// a power of ten up to 10^22, both exact, so one rounding), by ``EiselLemire`` for other significands of up to 19
/// digits, and else by the standard library's `Double(_:)`, which is correctly rounded like Foundation's `strtod`.
enum JSONNumberText {
    /// The integer the text spells, if it is digits only (with an optional `-`) and fits `T`.
    static func integer<T: FixedWidthInteger>(_ bytes: UnsafeBufferPointer<UInt8>, as type: T.Type) -> T? {
        var i = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { i = 1 }
        guard i < bytes.count else { return nil }
        var value: T = 0
        while i < bytes.count {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            // Accumulate negatively for a negative number, so that T.min is reachable.
            let (next, o2) =
                negative ? times10.subtractingReportingOverflow(T(digit)) : times10.addingReportingOverflow(T(digit))
            guard !o1, !o2 else { return nil }
            value = next
            i += 1
        }
        return value
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// The double nearest the text (a valid JSON number), or nil when it is out of Double's range (infinite, or
    /// non-zero digits that underflow to zero), which Foundation refuses or might round differently.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 {
            if mantissa != 0 || bytes[i] != UInt8(ascii: "0") { digits += 1 }
            if digits <= 19 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- UInt8(ascii: "0"))
            } else {
                exponent += 1
            }
            i += 1
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 {
                if mantissa != 0 || bytes[i] != UInt8(ascii: "0") { digits += 1 }
                if digits <= 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- UInt8(ascii: "0"))
                    exponent -= 1
                }
                i += 1
            }
        }
        var explicit = 0
        if i < bytes.count {  // e or E
            i += 1
            let negativeExponent = bytes[i] == UInt8(ascii: "-")
            if bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            while i < bytes.count {
                explicit = min(explicit * 10 + Int(bytes[i] &- UInt8(ascii: "0")), 100_000)
                i += 1
            }
            if negativeExponent { explicit = -explicit }
        }
        exponent += explicit
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        if digits <= 19, let value = exact(significand: mantissa, power: exponent) { return negative ? -value : value }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite, value != 0 else { return nil }
        return value
    }

    /// `significand × 10^power` correctly rounded without `strtod` (the significand exact, so of at most 19 digits):
    /// Clinger's fast path when both factors are exact doubles, else ``EiselLemire``; nil when neither settles it.
    @inline(__always)
    private static func exact(significand: UInt64, power: Int) -> Double? {
        if significand <= 1 << 53, (-22...22).contains(power) {
            let value = Double(significand)
            return power < 0 ? value / powersOfTen[-power] : value * powersOfTen[power]
        }
        return EiselLemire.double(significand: significand, power: power)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// The bytes of a word of text (loaded little-endian) that are not ASCII digits, as their top bits (SWAR, as in
    /// Lemire's fast_float: digits are 0x30…0x39, so a byte is flagged when adding 0x46 or subtracting 0x30 carries
    /// into its top bit). Digits cause no carry or borrow, so the lowest flagged byte is the first non-digit.
    @inline(__always)
    private static func nonDigits(_ word: UInt64) -> UInt64 {
        // Parenthesized throughout: in Swift `|` binds like `+`, and `&` like `*`.
        ((word &+ ones &* 0x46) | (word &- ones &* 0x30)) & (ones &* 0x80)
    }

    /// The value of eight ASCII digits loaded little-endian as one word.
    @inline(__always)
    private static func eightDigits(_ word: UInt64) -> UInt64 {
        var value = word &- ones &* 0x30
        value = value &* 10 &+ (value >> 8)  // pairs: 10·d0 + d1 in every other byte
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        value = (((value & mask) &* 0x000F_4240_0000_0064) &+ (((value >> 16) & mask) &* 0x0000_2710_0000_0001)) >> 32
        return value & 0xFFFF_FFFF
    }

    private static let integerPowersOfTen: [UInt64] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000]

    /// Reads the run of digits at `i` into `mantissa` (appended to it as more digits), eight at a time and the rest
    /// in one step while eight bytes can be loaded. Past 19 digits `mantissa` wraps: callers check the count.
    @inline(__always)
    private static func digits(_ bytes: UnsafePointer<UInt8>, _ i: inout Int, _ count: Int, _ mantissa: inout UInt64) {
        while i + 8 <= count {
            let word = UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self)
            let flagged = nonDigits(word)
            if flagged == 0 {
                mantissa = mantissa &* 100_000_000 &+ eightDigits(word)
                i += 8
                continue
            }
            let n = flagged.trailingZeroBitCount >> 3
            if n > 0 {
                // The n digits moved to the top bytes, '0's shifted in below them: the same value.
                let shift = UInt64(8 - n) << 3
                let padded = word << shift | (ones &* 0x30) >> (64 - shift)
                mantissa = mantissa &* integerPowersOfTen[n] &+ eightDigits(padded)
                i += n
            }
            return
        }
        while i < count, case let digit = bytes[i] &- UInt8(ascii: "0"), digit < 10 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            i += 1
        }
    }

    /// The commonest coordinate spelling, `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with at most 19 digits, read in one pass
    /// (Clinger's fast path, else ``EiselLemire``): the double and the position after it. Nil for anything else —
    /// including text that is not a number — which the two-step path (scan, then ``double(_:)``) decides.
    @inline(__always)
    static func shortDecimal(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> (Double, Int)? {
        var i = start
        guard i < count else { return nil }
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let integerStart = i
        var mantissa: UInt64 = 0
        digits(bytes, &i, count, &mantissa)
        let integerDigits = i - integerStart
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        var fractionDigits = 0
        if i < count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            digits(bytes, &i, count, &mantissa)
            fractionDigits = i - fractionStart
            guard fractionDigits > 0 else { return nil }
        }
        // Not followed by what may follow a number: an exponent, or not a number.
        guard integerDigits + fractionDigits <= 19, i == count || JSONTapeParser.endsNumber(bytes[i]),
            let magnitude = exact(significand: mantissa, power: -fractionDigits)
        else { return nil }
        return (negative ? -magnitude : magnitude, i)
    }
}
