// What the schema's types mean beyond their fields: kept beside the generated types (Generated/), which hold only
// what Protos/ declares.

extension TripStatus {
    /// COMPLETE and CANCELED: nothing about the trip changes after them, so following it can stop.
    public var isTerminal: Bool { self == .complete || self == .canceled }
}

extension GeoViewport {
    /// Whether `point` lies in the box, across the 180th meridian when `low` is east of `high`; false without both
    /// corners.
    public func contains(_ point: LatLng) -> Bool {
        guard let low, let high, (low.latitude...high.latitude).contains(point.latitude) else { return false }
        return low.longitude <= high.longitude
            ? (low.longitude...high.longitude).contains(point.longitude)
            : point.longitude >= low.longitude || point.longitude <= high.longitude
    }
}
