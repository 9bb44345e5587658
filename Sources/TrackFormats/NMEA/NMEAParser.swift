import FleetModel
import Foundation

/// Parses NMEA 0183 sentences, one line at a time, verifying each checksum.
///
/// A sentence must be `$` + fields + `*` + two hex digits equal to the XOR of the bytes between `$` and `*`;
/// a sentence without a checksum is rejected too, since a receiver on a serial line always sends one and a torn
/// line would otherwise pass as a fix.
public enum NMEAParser {
    /// Why a line is not a usable sentence.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case missingChecksum
        case badChecksum(expected: UInt8, found: UInt8)
        case malformed(String)

        public var description: String {
            switch self {
            case .missingChecksum: "no *hh checksum"
            case .badChecksum(let expected, let found):
                "checksum \(String(format: "%02X", found)) does not match the sentence (\(String(format: "%02X", expected)))"
            case .malformed(let why): why
            }
        }
    }

    /// The sentence on `line` (surrounding whitespace and CR/LF are ignored).
    public static func parse(_ line: some StringProtocol) throws(Problem) -> NMEASentence {
        let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let dollar = text.firstIndex(where: { $0 == "$" || $0 == "!" }) else { throw .malformed("no $ start") }
        // A `*` only before the `$` (fuzzing found `…*54$GP…`) is no checksum, not a backwards range.
        guard let star = text.lastIndex(of: "*"), star > dollar else { throw .missingChecksum }
        let body = text[text.index(after: dollar)..<star]
        let digits = text[text.index(after: star)...]
        guard digits.count == 2, let found = UInt8(digits, radix: 16) else { throw .missingChecksum }
        let expected = body.utf8.reduce(UInt8(0), ^)
        guard expected == found else { throw .badChecksum(expected: expected, found: found) }
        let fields = body.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let address = fields.first, address.count >= 5 else { throw .malformed("no sentence type") }
        let type = String(address.suffix(3))
        switch type {
        case "RMC": return .rmc(try rmc(fields))
        case "GGA": return .gga(try gga(fields))
        default: return .other(type)
        }
    }

    static func rmc(_ f: [String]) throws(Problem) -> NMEASentence.RMC {
        guard f.count >= 10 else { throw .malformed("RMC has \(f.count - 1) fields, expected at least 9") }
        let valid = f[2] == "A"
        let coordinate = try position(f[3], f[4], f[5], f[6])
        guard !valid || coordinate != nil else { throw .malformed("RMC status A without a position") }
        var time: Date?
        if let seconds = try secondsOfDay(f[1]), !f[9].isEmpty { time = try date(f[9]).addingTimeInterval(seconds) }
        return NMEASentence.RMC(
            time: time, isValid: valid, coordinate: coordinate, speedKnots: try number(f[7], "speed"),
            course: try number(f[8], "course"))
    }

    static func gga(_ f: [String]) throws(Problem) -> NMEASentence.GGA {
        guard f.count >= 10 else { throw .malformed("GGA has \(f.count - 1) fields, expected at least 9") }
        guard let quality = f[6].isEmpty ? 0 : Int(f[6]) else {
            throw .malformed("GGA fix quality \"\(f[6])\" is not a number")
        }
        return NMEASentence.GGA(
            secondsOfDay: try secondsOfDay(f[1]), coordinate: try position(f[2], f[3], f[4], f[5]), quality: quality,
            satellites: f[7].isEmpty ? nil : Int(f[7]), hdop: try number(f[8], "HDOP"),
            altitude: try number(f[9], "altitude"))
    }

    /// `ddmm.mmmm`,`N`,`dddmm.mmmm`,`E` in degrees; nil when the fields are empty (no fix).
    static func position(_ lat: String, _ ns: String, _ lon: String, _ ew: String) throws(Problem) -> LatLng? {
        if lat.isEmpty && lon.isEmpty { return nil }
        guard let latitude = degrees(lat, degreeDigits: 2), let longitude = degrees(lon, degreeDigits: 3),
            ["N", "S"].contains(ns), ["E", "W"].contains(ew), latitude <= 90, longitude <= 180
        else { throw .malformed("position \"\(lat),\(ns),\(lon),\(ew)\" is not ddmm.mm,N|S,dddmm.mm,E|W") }
        return LatLng(latitude: ns == "S" ? -latitude : latitude, longitude: ew == "W" ? -longitude : longitude)
    }

    static func degrees(_ text: String, degreeDigits: Int) -> Double? {
        guard text.count > degreeDigits + 1, let whole = Double(text.prefix(degreeDigits)),
            let minutes = Double(text.dropFirst(degreeDigits)), minutes < 60, minutes >= 0
        else { return nil }
        return whole + minutes / 60
    }

    /// `hhmmss(.ss)` as seconds since midnight; nil when empty.
    static func secondsOfDay(_ text: String) throws(Problem) -> Double? {
        if text.isEmpty { return nil }
        guard text.count >= 6, let h = Double(text.prefix(2)), let m = Double(text.dropFirst(2).prefix(2)),
            let s = Double(text.dropFirst(4)), h < 24, m < 60, s < 61
        else { throw .malformed("time \"\(text)\" is not hhmmss.ss") }
        return h * 3600 + m * 60 + s
    }

    /// `ddmmyy` at midnight UTC (years 80–99 are 19xx, as NMEA's two-digit years are read).
    static func date(_ text: String) throws(Problem) -> Date {
        guard text.count == 6, let d = Int(text.prefix(2)), let m = Int(text.dropFirst(2).prefix(2)),
            let y = Int(text.suffix(2)), (1...31).contains(d), (1...12).contains(m)
        else { throw .malformed("date \"\(text)\" is not ddmmyy") }
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "UTC")
        components.year = y >= 80 ? 1900 + y : 2000 + y
        components.month = m
        components.day = d
        guard let date = components.date else { throw .malformed("date \"\(text)\" is not a calendar date") }
        return date
    }

    static func number(_ text: String, _ name: String) throws(Problem) -> Double? {
        if text.isEmpty { return nil }
        guard let value = Double(text), value.isFinite else { throw .malformed("\(name) \"\(text)\" is not a number") }
        return value
    }
}
