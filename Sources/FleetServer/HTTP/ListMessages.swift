import FleetModel

/// The body of SearchTrips (`maps.fleetengine.v1.SearchTripsRequest` without its path-bound `parent`).
public struct SearchTripsRequest: ProtoMessage, Sendable {
    public var header: RequestHeader?
    public var vehicleId: String
    public var activeTripsOnly: Bool
    public var pageSize: Int32
    public var pageToken: String
    public var minimumStaleness: ProtoDuration?

    public init(vehicleId: String = "", activeTripsOnly: Bool = false, pageSize: Int32 = 0, pageToken: String = "") {
        self.vehicleId = vehicleId
        self.activeTripsOnly = activeTripsOnly
        self.pageSize = pageSize
        self.pageToken = pageToken
    }

    public init(from decoder: any Decoder) throws {
        let r = try ProtoReader(decoder)
        header = try r("header")
        _ = try r("parent", default: "")
        vehicleId = try r("vehicleId", default: "")
        activeTripsOnly = try r("activeTripsOnly", default: false)
        pageSize = try r("pageSize", default: 0)
        pageToken = try r("pageToken", default: "")
        minimumStaleness = try r("minimumStaleness")
        try r.finish()
    }

    public func encode(to encoder: any Encoder) throws {
        var w = ProtoWriter(encoder)
        try w.put("header", header)
        try w.put("vehicleId", vehicleId)
        try w.put("activeTripsOnly", activeTripsOnly)
        try w.put("pageSize", pageSize)
        try w.put("pageToken", pageToken)
        try w.put("minimumStaleness", minimumStaleness)
    }
}

/// `maps.fleetengine.v1.SearchTripsResponse`.
public struct SearchTripsResponse: ProtoMessage, Sendable {
    public var trips: [Trip]
    public var nextPageToken: String

    public init(trips: [Trip], nextPageToken: String) {
        self.trips = trips
        self.nextPageToken = nextPageToken
    }

    public init(from decoder: any Decoder) throws {
        let r = try ProtoReader(decoder)
        trips = try r.repeated("trips")
        nextPageToken = try r("nextPageToken", default: "")
        try r.finish()
    }

    public func encode(to encoder: any Encoder) throws {
        var w = ProtoWriter(encoder)
        try w.put("trips", trips)
        try w.put("nextPageToken", nextPageToken)
    }
}

/// `maps.fleetengine.v1.ListVehiclesResponse`; `totalSize` is an int64, so a JSON string.
public struct ListVehiclesResponse: ProtoMessage, Sendable {
    public var vehicles: [Vehicle]
    public var nextPageToken: String
    public var totalSize: Int64

    public init(vehicles: [Vehicle], nextPageToken: String, totalSize: Int64) {
        self.vehicles = vehicles
        self.nextPageToken = nextPageToken
        self.totalSize = totalSize
    }

    public init(from decoder: any Decoder) throws {
        let r = try ProtoReader(decoder)
        vehicles = try r.repeated("vehicles")
        nextPageToken = try r("nextPageToken", default: "")
        totalSize = try r("totalSize", default: 0)
        try r.finish()
    }

    public func encode(to encoder: any Encoder) throws {
        var w = ProtoWriter(encoder)
        try w.put("vehicles", vehicles)
        try w.put("nextPageToken", nextPageToken)
        try w.put("totalSize", totalSize)
    }
}

/// DeleteTrip and DeleteVehicle answer `google.protobuf.Empty`: `{}`.
struct EmptyMessage: ProtoMessage, Sendable {
    init() {}
    init(from decoder: any Decoder) throws { try ProtoReader(decoder).finish() }
    func encode(to encoder: any Encoder) throws { _ = ProtoWriter(encoder) }
}
