/// `maps.fleetengine.v1.CreateVehicleRequest`. Over REST `parent` is in the path, `vehicleId` and `header` in the
/// query and `vehicle` is the body.
public struct CreateVehicleRequest: ProtoMessage, Hashable, Sendable {
    public var header: RequestHeader?
    /// `providers/{provider}`.
    public var parent: String
    /// The new vehicle's id (the same rules as a trip id).
    public var vehicleId: String
    public var vehicle: Vehicle?

    public init(header: RequestHeader? = nil, parent: String = "", vehicleId: String = "", vehicle: Vehicle? = nil) {
        self.header = header
        self.parent = parent
        self.vehicleId = vehicleId
        self.vehicle = vehicle
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        header = try r("header")
        parent = try r("parent", default: "")
        vehicle = try r("vehicle")
        vehicleId = try r("vehicleId", default: "")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("header", header)
        try w.put("parent", parent)
        try w.put("vehicle", vehicle)
        try w.put("vehicleId", vehicleId)
    }
}

/// `maps.fleetengine.v1.GetVehicleRequest`, with the versions the caller already holds (delta polling).
public struct GetVehicleRequest: ProtoMessage, Hashable, Sendable {
    public var header: RequestHeader?
    /// `providers/{provider}/vehicles/{vehicle}`.
    public var name: String
    public var currentRouteSegmentVersion: ProtoTimestamp?
    public var waypointsVersion: ProtoTimestamp?

    public init(
        header: RequestHeader? = nil, name: String = "", currentRouteSegmentVersion: ProtoTimestamp? = nil,
        waypointsVersion: ProtoTimestamp? = nil
    ) {
        self.header = header
        self.name = name
        self.currentRouteSegmentVersion = currentRouteSegmentVersion
        self.waypointsVersion = waypointsVersion
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        currentRouteSegmentVersion = try r("currentRouteSegmentVersion")
        header = try r("header")
        name = try r("name", default: "")
        waypointsVersion = try r("waypointsVersion")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("currentRouteSegmentVersion", currentRouteSegmentVersion)
        try w.put("header", header)
        try w.put("name", name)
        try w.put("waypointsVersion", waypointsVersion)
    }
}

/// `maps.fleetengine.v1.UpdateVehicleRequest`: the fields of `vehicle` that `updateMask` names replace the stored
/// ones. Over REST `vehicle` is the body and `updateMask` a query parameter.
public struct UpdateVehicleRequest: ProtoMessage, Hashable, Sendable {
    public var header: RequestHeader?
    /// `providers/{provider}/vehicles/{vehicle}`.
    public var name: String
    public var vehicle: Vehicle?
    /// Required, with at least one path.
    public var updateMask: ProtoFieldMask?

    public init(
        header: RequestHeader? = nil, name: String = "", vehicle: Vehicle? = nil, updateMask: ProtoFieldMask? = nil
    ) {
        self.header = header
        self.name = name
        self.vehicle = vehicle
        self.updateMask = updateMask
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        header = try r("header")
        name = try r("name", default: "")
        updateMask = try r("updateMask")
        vehicle = try r("vehicle")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("header", header)
        try w.put("name", name)
        try w.put("updateMask", updateMask)
        try w.put("vehicle", vehicle)
    }
}

/// `maps.fleetengine.v1.DeleteVehicleRequest`.
public struct DeleteVehicleRequest: ProtoMessage, Hashable, Sendable {
    public var header: RequestHeader?
    /// `providers/{provider}/vehicles/{vehicle}`.
    public var name: String

    public init(header: RequestHeader? = nil, name: String = "") {
        self.header = header
        self.name = name
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        header = try r("header")
        name = try r("name", default: "")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("header", header)
        try w.put("name", name)
    }
}
