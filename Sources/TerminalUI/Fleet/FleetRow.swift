import FleetModel
import MapRendering
import TripFollowing

/// One vehicle as the list pane and the map show it: the columns worked out once per listing, so sorting,
/// searching and drawing compare plain values.
public struct FleetRow: Sendable, Hashable {
    /// The resource name (`providers/p/vehicles/v`): the row's identity, kept by selection across listings.
    public var name: String
    /// The vehicle id, the name's last part.
    public var id: String
    public var state: FleetMarkerState
    /// Trip ids (the names' last parts) of the vehicle's current trips.
    public var trips: [String]
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
        let listed = vehicle.vehicle
        name = listed.name
        id = Self.lastPart(of: listed.name)
        state = FleetMarkerState(vehicle)
        trips = listed.currentTrips.map(Self.lastPart)
        let location = listed.lastLocation
        // proto3 JSON lets a double be "NaN" or "Infinity": no speed to show, and NaN would break the speed sort.
        let metresPerSecond = location?.speed.flatMap { $0.isFinite ? $0 : nil }
        speedKmph = metresPerSecond.map { $0 * 3.6 } ?? location?.speedKmph.map(Double.init)
        reportedAt = location?.serverTime ?? location?.updateTime
        navigation = listed.navigationStatus
        position = location?.location
        projected = position.flatMap(MercatorPoint.init(finite:))
        heading = location?.heading.map(Double.init)
    }

    /// How long ago the vehicle reported, at `now`; nil when it never did.
    public func age(at now: ProtoTimestamp) -> Duration? { reportedAt.map { max(.zero, now - $0) } }

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

    /// Whether the row matches a search: the text, case-insensitively, in its id, a trip id, or its state's word.
    public func matches(_ query: String) -> Bool {
        let query = query.lowercased()
        guard !query.isEmpty else { return true }
        return id.lowercased().contains(query) || trips.contains { $0.lowercased().contains(query) }
            || state.label.contains(query)
    }

    static func lastPart(of name: String) -> String {
        name.split(separator: "/").last.map(String.init) ?? name
    }
}
