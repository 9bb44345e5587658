#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The zone the screens' clock times are shown in: the machine's own, as the C library reads it (`TZ`, else
/// `/etc/localtime`), or UTC (tests, golden screens). Not Foundation's `TimeZone`: its first use loads ICU and its
/// time zone data, about 4 MB resident for the life of the rider (docs/PERFORMANCE.md, "The rider at rest").
public enum ClockZone: Sendable, Equatable {
    case local
    case utc

    /// Seconds east of UTC at `seconds` since 1970 (daylight saving time included).
    func secondsFromUTC(at seconds: Int64) -> Int64 {
        switch self {
        case .utc:
            return 0
        case .local:
            var time = time_t(seconds)
            var fields = tm()
            guard localtime_r(&time, &fields) != nil else { return 0 }
            return Int64(fields.tm_gmtoff)
        }
    }
}
