import FleetModel
import RoadMap

/// A driver's turn-by-turn, for ``TripDriver`` and ``DeliveryDriver`` alike: a ``Navigator`` made on the first fix
/// on the road map that holds it (with none, the vehicle reports without a route), steered to the stop the driver
/// names.
struct Guidance: Sendable {
    /// Finds the road map on the first fix; nil once asked.
    private var lookup: (@Sendable (LatLng) -> RoadGraph?)?
    private var navigator: Navigator?

    init(roadGraph: (@Sendable (LatLng) -> RoadGraph?)?) { lookup = roadGraph }

    /// Makes the navigator at the first fix; returns a note for the driver's log when no map holds it.
    mutating func start(at point: LatLng) -> String? {
        guard let lookup else { return nil }
        self.lookup = nil
        navigator = lookup(point).map { Navigator(graph: $0) }
        return navigator == nil ? "no road map holds \(TripDriver.text(point)): reporting without a route" : nil
    }

    /// Steers to `destination` — unless `keepingDestination`, while the vehicle waits at the stop it was bound for
    /// — and follows the vehicle to `position`; nil without a road map.
    mutating func update(position: LatLng, destination: TripWaypoint?, keepingDestination: Bool) -> RouteProgress? {
        guard var navigator else { return nil }
        if !keepingDestination { navigator.setDestination(destination) }
        let progress = navigator.update(position: position)
        self.navigator = navigator
        return progress
    }
}
