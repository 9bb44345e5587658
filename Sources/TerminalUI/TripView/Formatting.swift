import FleetModel
import Foundation
import TripFollowing

/// How the screens write distances, durations, times and headings: short, unit-bearing, stable width where it
/// matters, so a panel line does not jump about as numbers change.
enum Formatting {
    /// `850 m`, `2.4 km`, `12 km` (the headless printer's wording).
    static func distance(_ meters: Double) -> String { meters.isFinite && meters >= 0 ? Summary.distance(meters) : "–" }

    /// `45 s`, `3 min 20 s`, `1 h 05 min`; negative spans read as `0 s`.
    static func duration(_ duration: Duration) -> String { Summary.duration(max(.zero, duration)) }

    /// `14:05:09` in `zone`, the fraction of a second dropped.
    static func clockTime(_ timestamp: ProtoTimestamp, in zone: ClockZone) -> String {
        let seconds = timestamp.seconds + zone.secondsFromUTC(at: timestamp.seconds)
        let secondOfDay = Int((seconds % 86_400 + 86_400) % 86_400)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return two(secondOfDay / 3600) + ":" + two(secondOfDay / 60 % 60) + ":" + two(secondOfDay % 60)
    }

    /// `14:05` in `zone`.
    static func shortClockTime(_ timestamp: ProtoTimestamp, in zone: ClockZone) -> String {
        String(clockTime(timestamp, in: zone).prefix(5))
    }

    /// The compass point for a heading: `N`, `NE`, … .
    static func compassPoint(_ degrees: Double) -> String {
        let names = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        let index = Int(((degrees.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45).rounded(.down)) % 8
        return names[index]
    }

    /// `Enroute to pickup` for ENROUTE_TO_PICKUP.
    static func status(_ status: TripStatus) -> String {
        switch status {
        case .unknownTripStatus: "Unknown status"
        case .new: "New trip"
        case .enrouteToPickup: "Enroute to pickup"
        case .arrivedAtPickup: "Arrived at pickup"
        case .enrouteToIntermediateDestination: "Enroute to stop"
        case .arrivedAtIntermediateDestination: "Arrived at stop"
        case .enrouteToDropoff: "Enroute to dropoff"
        case .complete: "Complete"
        case .canceled: "Canceled"
        }
    }

    /// `m:ss` or `h:mm:ss` for a replay position.
    static func elapsed(_ duration: Duration) -> String {
        let total = max(0, Int(duration.components.seconds))
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }
}
