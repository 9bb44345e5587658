import Foundation

/// Parses OpenStreetMap `maxspeed=*` values into km/h.
///
/// Handles `50`, `50 km/h`, `50kmh`, `50 kph`, `30 mph`, `10 knots` and `walk`; with several values (`50;30`)
/// the first counts. `none`, `signals`, `variable` and country zones (`FR:urban`) give nil, so that routing uses
/// the road class's speed instead.
public enum MaxSpeedTag {
    static let kmhPerMph = 1.609344
    static let kmhPerKnot = 1.852
    /// What `maxspeed=walk` means in practice on living streets.
    static let walkKmh = 7.0

    public static func kilometresPerHour(_ value: String) -> Double? {
        let first = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        let text = first.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "walk" { return walkKmh }
        var number = Substring(text)
        var factor = 1.0
        for (suffix, unitFactor) in [
            ("km/h", 1.0), ("kmh", 1.0), ("kph", 1.0), ("mph", kmhPerMph), ("knots", kmhPerKnot),
        ]
        where text.hasSuffix(suffix) {
            number = text.dropLast(suffix.count)
            factor = unitFactor
            break
        }
        guard let speed = Double(number.trimmingCharacters(in: .whitespaces)), speed.isFinite, speed > 0 else {
            return nil
        }
        return speed * factor
    }
}
