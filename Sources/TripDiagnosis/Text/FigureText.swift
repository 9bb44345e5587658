import FleetModel
import TripFollowing

/// Figures as people read them in details and the text table; machine output keeps plain numbers.
enum FigureText {
    /// `12.5` with exactly `places` decimals.
    static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        guard places > 0 else { return String(Int(rounded)) }
        let whole = Int(rounded.magnitude)
        let fraction = Int(((rounded.magnitude - Double(whole)) * scale).rounded())
        let digits = String(fraction)
        let sign = rounded < 0 ? "-" : ""
        return sign + String(whole) + "." + String(repeating: "0", count: places - digits.count) + digits
    }

    /// `45 s`, `3 min 20 s`, `1 h 05 min`; under 10 s with a tenth (`4.5 s`), so short intervals stay readable.
    static func seconds(_ seconds: Double) -> String {
        if seconds.magnitude < 9.95 { return decimal(seconds, places: 1) + " s" }
        return Summary.duration(.milliseconds(Int64((seconds * 1000).rounded())))
    }

    /// `850 m`, `1.2 km`.
    static func meters(_ meters: Double) -> String { Summary.distance(meters) }

    /// `12.3 m/s`.
    static func speed(_ metersPerSecond: Double) -> String { decimal(metersPerSecond, places: 1) + " m/s" }

    /// `+2 min 10 s` (later) or `-45 s` (earlier).
    static func signedSeconds(_ seconds: Double) -> String {
        (seconds < 0 ? "-" : "+") + Self.seconds(seconds.magnitude)
    }

    static func point(_ point: LatLng) -> String { Summary.point(point) }
}
