import Foundation

/// `maps.fleetengine.v1.SearchTripsRequest`: the client sends it, the local server reads it. Over REST it is the
/// body and its `parent` travels in the path (the server takes the path's over a `parent` in the body, as Google's
/// transcoding does).
public struct SearchTripsRequest: ProtoMessage, Hashable, Sendable {
    public var header: RequestHeader?
    /// `providers/{provider}`.
    public var parent: String
    /// Without it, results lack route, remaining waypoints, distance and ETA.
    public var vehicleId: String
    public var activeTripsOnly: Bool
    public var pageSize: Int32
    public var pageToken: String
    public var minimumStaleness: ProtoDuration?

    public init(
        parent: String = "", vehicleId: String = "", activeTripsOnly: Bool = false, pageSize: Int32 = 0,
        pageToken: String = "", minimumStaleness: ProtoDuration? = nil
    ) {
        self.parent = parent
        self.vehicleId = vehicleId
        self.activeTripsOnly = activeTripsOnly
        self.pageSize = pageSize
        self.pageToken = pageToken
        self.minimumStaleness = minimumStaleness
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        activeTripsOnly = try r("activeTripsOnly", default: false)
        header = try r("header")
        minimumStaleness = try r("minimumStaleness")
        pageSize = try r("pageSize", default: 0)
        pageToken = try r("pageToken", default: "")
        parent = try r("parent", default: "")
        vehicleId = try r("vehicleId", default: "")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("activeTripsOnly", activeTripsOnly)
        try w.put("header", header)
        try w.put("minimumStaleness", minimumStaleness)
        try w.put("pageSize", pageSize)
        try w.put("pageToken", pageToken)
        try w.put("parent", parent)
        try w.put("vehicleId", vehicleId)
    }
}

/// `maps.fleetengine.v1.SearchTripsResponse`: one page of trips.
public struct SearchTripsResponse: ProtoMessage, Hashable, Sendable {
    public var trips: [Trip]
    /// Empty on the last page.
    public var nextPageToken: String

    public init(trips: [Trip] = [], nextPageToken: String = "") {
        self.trips = trips
        self.nextPageToken = nextPageToken
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        nextPageToken = try r("nextPageToken", default: "")
        trips = try r.repeated("trips")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("nextPageToken", nextPageToken)
        try w.put("trips", trips)
    }
}
