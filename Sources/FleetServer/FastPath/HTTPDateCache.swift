import Foundation

/// The `Date` header's value (RFC 9110 IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT"), formatted at most once a
/// second. One per connection, used on its event loop only, so it needs no lock.
struct HTTPDateCache {
    private var second = -1
    private var text = ""

    mutating func now() -> String {
        let now = time(nil)
        if now != second { (second, text) = (now, Self.format(now)) }
        return text
    }

    static func format(_ second: Int) -> String {
        var clock = time_t(second)
        var parts = tm()
        gmtime_r(&clock, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
