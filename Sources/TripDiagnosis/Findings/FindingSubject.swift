import FleetModel

/// What a finding is about: a trip, or a delivery vehicle's day — the detectors of a vehicle's reports serve both.
public enum FindingSubject: Sendable, Hashable, CustomStringConvertible {
    case trip(TripName)
    /// A van by its full name and its id, as its log named them: ids are not checked, since a log may hold one
    /// Fleet Engine would refuse, and `check` reads it all the same.
    case deliveryVehicle(name: String, id: String)

    /// The full resource name.
    public var description: String {
        switch self {
        case .trip(let name): name.description
        case .deliveryVehicle(let name, _): name
        }
    }

    /// The trip id or the vehicle id.
    public var id: String {
        switch self {
        case .trip(let name): name.tripID
        case .deliveryVehicle(_, let id): id
        }
    }

    /// The key naming it in `check --json`: `trip` or `deliveryVehicle`, as the cards name theirs.
    public var jsonKey: String {
        switch self {
        case .trip: "trip"
        case .deliveryVehicle: "deliveryVehicle"
        }
    }
}
