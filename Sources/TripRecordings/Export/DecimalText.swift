/// Writes a Double as a plain decimal — the shortest digits that read back as the same Double, but never in
/// exponent form, which XML Schema's `xsd:decimal` (GPX's latitude, longitude, elevation) does not allow.
enum DecimalText {
    /// `43.7384`, `0.00001`, `-3.0`; non-finite values (which callers filter out) come out as `0`.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let text = "\(value)"
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
            let exponent = Int(text[text.index(after: e)...])
        else {
            return text
        }
        var mantissa = text[..<e]
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = parts.first.map(String.init) ?? ""
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        let digits = whole + fraction
        let point = whole.count + exponent
        var result: String
        if point <= 0 {
            result = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            result = digits + String(repeating: "0", count: point - digits.count)
        } else {
            let split = digits.index(digits.startIndex, offsetBy: point)
            result = String(digits[..<split]) + "." + String(digits[split...])
        }
        if result.contains(".") {
            while result.hasSuffix("0") { result.removeLast() }
            if result.hasSuffix(".") { result.removeLast() }
        }
        return (negative ? "-" : "") + result
    }
}
