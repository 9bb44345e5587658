/// A vehicle's position, heading, speed and their accuracies at a moment (`maps.fleetengine.v1.VehicleLocation`).
///
/// Wrapper-typed fields (`Int32Value`, `DoubleValue`, `BoolValue`) are optionals: proto3 JSON omits them when unset
/// and writes them when set, even at zero (`"heading": 0` is north, not "unknown").
public struct VehicleLocation: ProtoMessage, Hashable, Sendable {
    public var location: LatLng?
    /// Deprecated in favour of `latlngAccuracy`.
    public var horizontalAccuracy: Double?
    /// Radius in metres.
    public var latlngAccuracy: Double?
    /// Degrees clockwise from north, [0, 360).
    public var heading: Int32?
    /// Deprecated in favour of `headingAccuracy`.
    public var bearingAccuracy: Double?
    public var headingAccuracy: Double?
    /// Metres above WGS84.
    public var altitude: Double?
    public var verticalAccuracy: Double?
    public var altitudeAccuracy: Double?
    /// Deprecated in favour of `speed`.
    public var speedKmph: Int32?
    /// Metres per second (real logs contain small negatives).
    public var speed: Double?
    public var speedAccuracy: Double?
    /// When the sensor took the location (device clock).
    public var updateTime: ProtoTimestamp?
    /// Output only: when the server received it.
    public var serverTime: ProtoTimestamp?
    public var locationSensor: LocationSensor
    public var isRoadSnapped: Bool?
    public var isGpsSensorEnabled: Bool?
    public var timeSinceUpdate: Int32?
    public var numStaleUpdates: Int32?
    public var rawLocation: LatLng?
    public var rawLocationTime: ProtoTimestamp?
    public var rawLocationSensor: LocationSensor
    public var rawLocationAccuracy: Double?
    public var flpLocation: LatLng?
    public var flpUpdateTime: ProtoTimestamp?
    public var flpLatlngAccuracyMeters: Double?
    public var flpHeadingDegrees: Int32?
    public var supplementalLocation: LatLng?
    public var supplementalLocationTime: ProtoTimestamp?
    public var supplementalLocationSensor: LocationSensor
    public var supplementalLocationAccuracy: Double?
    /// Deprecated in favour of `isRoadSnapped`.
    public var roadSnapped: Bool

    public init(
        location: LatLng? = nil, heading: Int32? = nil, speed: Double? = nil, updateTime: ProtoTimestamp? = nil,
        locationSensor: LocationSensor = .unknownSensor
    ) {
        self.location = location
        self.heading = heading
        self.speed = speed
        self.updateTime = updateTime
        self.locationSensor = locationSensor
        self.rawLocationSensor = .unknownSensor
        self.supplementalLocationSensor = .unknownSensor
        self.roadSnapped = false
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        altitude = try r("altitude")
        altitudeAccuracy = try r("altitudeAccuracy")
        bearingAccuracy = try r("bearingAccuracy")
        flpHeadingDegrees = try r("flpHeadingDegrees")
        flpLatlngAccuracyMeters = try r("flpLatlngAccuracyMeters")
        flpLocation = try r("flpLocation")
        flpUpdateTime = try r("flpUpdateTime")
        heading = try r("heading")
        headingAccuracy = try r("headingAccuracy")
        horizontalAccuracy = try r("horizontalAccuracy")
        isGpsSensorEnabled = try r("isGpsSensorEnabled")
        isRoadSnapped = try r("isRoadSnapped")
        latlngAccuracy = try r("latlngAccuracy")
        location = try r("location")
        locationSensor = try r("locationSensor", default: .unknownSensor)
        numStaleUpdates = try r("numStaleUpdates")
        rawLocation = try r("rawLocation")
        rawLocationAccuracy = try r("rawLocationAccuracy")
        rawLocationSensor = try r("rawLocationSensor", default: .unknownSensor)
        rawLocationTime = try r("rawLocationTime")
        roadSnapped = try r("roadSnapped", default: false)
        serverTime = try r("serverTime")
        speed = try r("speed")
        speedAccuracy = try r("speedAccuracy")
        speedKmph = try r("speedKmph")
        supplementalLocation = try r("supplementalLocation")
        supplementalLocationAccuracy = try r("supplementalLocationAccuracy")
        supplementalLocationSensor = try r("supplementalLocationSensor", default: .unknownSensor)
        supplementalLocationTime = try r("supplementalLocationTime")
        timeSinceUpdate = try r("timeSinceUpdate")
        updateTime = try r("updateTime")
        verticalAccuracy = try r("verticalAccuracy")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("altitude", altitude)
        try w.put("altitudeAccuracy", altitudeAccuracy)
        try w.put("bearingAccuracy", bearingAccuracy)
        try w.put("flpHeadingDegrees", flpHeadingDegrees)
        try w.put("flpLatlngAccuracyMeters", flpLatlngAccuracyMeters)
        try w.put("flpLocation", flpLocation)
        try w.put("flpUpdateTime", flpUpdateTime)
        try w.put("heading", heading)
        try w.put("headingAccuracy", headingAccuracy)
        try w.put("horizontalAccuracy", horizontalAccuracy)
        try w.put("isGpsSensorEnabled", isGpsSensorEnabled)
        try w.put("isRoadSnapped", isRoadSnapped)
        try w.put("latlngAccuracy", latlngAccuracy)
        try w.put("location", location)
        try w.put("locationSensor", locationSensor)
        try w.put("numStaleUpdates", numStaleUpdates)
        try w.put("rawLocation", rawLocation)
        try w.put("rawLocationAccuracy", rawLocationAccuracy)
        try w.put("rawLocationSensor", rawLocationSensor)
        try w.put("rawLocationTime", rawLocationTime)
        try w.put("roadSnapped", roadSnapped)
        try w.put("serverTime", serverTime)
        try w.put("speed", speed)
        try w.put("speedAccuracy", speedAccuracy)
        try w.put("speedKmph", speedKmph)
        try w.put("supplementalLocation", supplementalLocation)
        try w.put("supplementalLocationAccuracy", supplementalLocationAccuracy)
        try w.put("supplementalLocationSensor", supplementalLocationSensor)
        try w.put("supplementalLocationTime", supplementalLocationTime)
        try w.put("timeSinceUpdate", timeSinceUpdate)
        try w.put("updateTime", updateTime)
        try w.put("verticalAccuracy", verticalAccuracy)
    }
}
