import FleetModel

extension TripTimeline {
    /// Within this of a stop, a point is said to be at it: about where navigation says ARRIVED_AT_DESTINATION.
    public static let atStopMeters = 50.0

    /// `the pickup`, `stop 1`, `the dropoff`, `the pickup of trip t2` when `point` is within ``atStopMeters`` of one
    /// of this trip's stops or of another trip's the vehicle made meanwhile (the nearest), else nil.
    public func stopName(near point: LatLng) -> String? {
        var named: [(String, LatLng)] = []
        if let pickupPoint { named.append(("the pickup", pickupPoint)) }
        for (index, stop) in intermediateDestinations.enumerated() { named.append(("stop \(index + 1)", stop)) }
        if let dropoffPoint { named.append(("the dropoff", dropoffPoint)) }
        let others = otherTripsStops.map { ($0.key.label(ownTripId: tripName.tripID), $0.value) }
        named += others.sorted { $0.0 < $1.0 }
        let nearest = named.map { (name: $0.0, meters: Geo.distance($0.1, point)) }.min { $0.meters < $1.meters }
        guard let nearest, nearest.meters <= Self.atStopMeters else { return nil }
        return nearest.name
    }
}
