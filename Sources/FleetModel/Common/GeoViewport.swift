/// `google.geo.type.Viewport` (named apart from MapRendering's screen `Viewport`): a latitude-longitude box from its
/// `low` (south-west) to its `high` (north-east) corner, as ListVehicles' `viewport` takes it. A `low` longitude
/// above `high` crosses the 180th meridian.
public struct GeoViewport: ProtoMessage, Hashable, Sendable {
    public var low: LatLng?
    public var high: LatLng?

    public init(low: LatLng? = nil, high: LatLng? = nil) {
        self.low = low
        self.high = high
    }

    /// Whether `point` lies in the box, across the 180th meridian when `low` is east of `high`; false without both
    /// corners.
    public func contains(_ point: LatLng) -> Bool {
        guard let low, let high, (low.latitude...high.latitude).contains(point.latitude) else { return false }
        return low.longitude <= high.longitude
            ? (low.longitude...high.longitude).contains(point.longitude)
            : point.longitude >= low.longitude || point.longitude <= high.longitude
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        high = try r("high")
        low = try r("low")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("high", high)
        try w.put("low", low)
    }
}
