import FleetModel
import MapRendering
import TripFollowing

/// One vehicle as the list pane and the map show it: the columns worked out once per listing, so sorting,
/// searching and drawing compare plain values.
public struct FleetRow: Sendable, Hashable, FleetListRow {
    public typealias Column = FleetSortColumn

    /// The resource name (`providers/p/vehicles/v`, `providers/p/deliveryVehicles/v`): the row's identity, kept by
    /// selection across listings.
    public var name: String
    /// The vehicle id, the name's last part.
    public var id: String
    /// A delivery vehicle (its own glyph, stops from its tasks) rather than an on-demand one.
    public var isDelivery: Bool
    public var state: FleetMarkerState
    /// Trip ids (the names' last parts) of the vehicle's current trips.
    public var trips: [String]
    /// Stops ahead: an on-demand vehicle's waypoints, a delivery vehicle's stops.
    public var stops: Int
    /// A delivery vehicle's open tasks; nil for an on-demand vehicle, which has none.
    public var tasks: Int?
    /// km/h, when the last location says.
    public var speedKmph: Double?
    /// When the vehicle last reported (server time, else device time).
    public var reportedAt: ProtoTimestamp?
    public var navigation: NavigationStatus
    public var position: LatLng?
    /// ``position`` in Web Mercator (nil when missing or not finite): projected once per listing, where every frame
    /// places the vehicle and fits the camera to it.
    public var projected: MercatorPoint?
    public var heading: Double?

    public init(_ vehicle: FleetVehicle) {
        name = vehicle.name
        id = ResourceID.last(in: vehicle.name)
        isDelivery = vehicle.isDelivery
        state = FleetMarkerState(vehicle)
        trips = vehicle.currentTrips.map(ResourceID.last)
        stops = vehicle.stops.count
        tasks = vehicle.isDelivery ? vehicle.openTasks.count : nil
        let location = vehicle.lastLocation
        // proto3 JSON lets a double be "NaN" or "Infinity": no speed to show, and NaN would break the speed sort.
        let metresPerSecond = location?.speed.flatMap { $0.isFinite ? $0 : nil }
        speedKmph = metresPerSecond.map { $0 * 3.6 } ?? location?.speedKmph.map(Double.init)
        reportedAt = location?.reportedAt
        navigation = vehicle.navigationStatus
        position = location?.point
        projected = position.flatMap(MercatorPoint.init(finite:))
        heading = location?.heading.map(Double.init)
    }

    /// How long ago the vehicle reported, at `now`; nil when it never did.
    public func age(at now: ProtoTimestamp) -> Duration? { reportedAt.map { max(.zero, now - $0) } }

    /// `4 s`, `12 min`, `3 h`: the largest unit, so the age column stays narrow.
    static func ageText(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(seconds / 60) min" }
        return "\(seconds / 3600) h"
    }

    /// The navigation status in a few letters, as the list's narrow column shows it.
    public var navigationLabel: String {
        switch navigation {
        case .unknownNavigationStatus: "–"
        case .noGuidance: "no guidance"
        case .enrouteToDestination: "enroute"
        case .offRoute: "off route"
        case .arrivedAtDestination: "arrived"
        }
    }

    /// Whether the row matches a search (lower-cased text): in its id, a trip id, or its state's word.
    public func matches(_ query: String) -> Bool {
        id.lowercased().contains(query) || trips.contains { $0.lowercased().contains(query) }
            || state.label.contains(query)
    }
}
