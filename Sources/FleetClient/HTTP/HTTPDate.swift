import FleetModel
import Foundation

/// Parses the HTTP `Date` and `Retry-After` date format (RFC 9110 IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`),
/// by hand so it does not depend on the locale or a shared `DateFormatter`, and with `ProtoTimestamp`'s arithmetic
/// rather than `Calendar`, which would load ICU into every rider on its first poll (docs/PERFORMANCE.md).
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT", let day = Int(parts[1]),
            let monthIndex = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
        else { return nil }
        let time = parts[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3, (1...31).contains(day), time[0] < 24, time[1] < 60, time[2] < 61 else { return nil }
        let instant = ProtoTimestamp(
            utcYear: year, month: monthIndex + 1, day: day, hour: time[0], minute: time[1], second: time[2])
        return instant.date
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func format(_ date: Date) -> String {
        let c = ProtoTimestamp(date).utcFields
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(weekdays[c.weekday]), \(two(c.day)) \(months[c.month - 1]) \(c.year) "
            + "\(two(c.hour)):\(two(c.minute)):\(two(c.second)) GMT"
    }
}
