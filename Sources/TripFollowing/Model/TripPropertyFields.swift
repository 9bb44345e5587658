/// Which parts of a trip changed in one update, as the Consumer SDK's `GMTCTripPropertyFields` mask.
public struct TripPropertyFields: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let tripStatus = Self(rawValue: 1 << 0)
    public static let vehicleLocation = Self(rawValue: 1 << 1)
    public static let activeRoute = Self(rawValue: 1 << 2)
    public static let activeRouteRemainingDistance = Self(rawValue: 1 << 3)
    public static let activeRouteTraffic = Self(rawValue: 1 << 4)
    public static let pickupLocation = Self(rawValue: 1 << 5)
    public static let pickupETA = Self(rawValue: 1 << 6)
    public static let dropoffLocation = Self(rawValue: 1 << 7)
    public static let dropoffETA = Self(rawValue: 1 << 8)
    public static let intermediateDestinations = Self(rawValue: 1 << 9)
    public static let remainingWaypoints = Self(rawValue: 1 << 10)
    /// `vehicleId`: the trip was assigned, reassigned or unassigned.
    public static let vehicleID = Self(rawValue: 1 << 11)
    /// `etaToFirstWaypoint` or `remainingTimeToFirstWaypoint`.
    public static let firstWaypointETA = Self(rawValue: 1 << 12)
    public static let intermediateDestinationIndex = Self(rawValue: 1 << 13)
    /// Anything else: name, type, passengers, actual stop points, attributes, view, versions.
    public static let other = Self(rawValue: 1 << 14)

    /// Names in the order callbacks are delivered, for logs and the headless printer.
    static let named: [(Self, String)] = [
        (.tripStatus, "tripStatus"), (.vehicleLocation, "vehicleLocation"), (.activeRoute, "activeRoute"),
        (.activeRouteRemainingDistance, "remainingDistance"), (.activeRouteTraffic, "traffic"),
        (.pickupLocation, "pickup"), (.pickupETA, "pickupETA"), (.dropoffLocation, "dropoff"),
        (.dropoffETA, "dropoffETA"), (.intermediateDestinations, "intermediateDestinations"),
        (.remainingWaypoints, "remainingWaypoints"), (.vehicleID, "vehicleId"),
        (.firstWaypointETA, "firstWaypointETA"), (.intermediateDestinationIndex, "intermediateDestinationIndex"),
        (.other, "other"),
    ]

    public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }
    public var description: String { "[" + names.joined(separator: ",") + "]" }
}
