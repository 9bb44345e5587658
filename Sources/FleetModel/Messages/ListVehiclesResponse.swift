import Foundation

/// `maps.fleetengine.v1.ListVehiclesResponse`: one page of vehicles (sent by the local server, read by the client).
public struct ListVehiclesResponse: ProtoMessage, Hashable, Sendable {
    public var vehicles: [Vehicle]
    public var nextPageToken: String
    /// int64, so a JSON string on the wire.
    public var totalSize: Int64

    public init(vehicles: [Vehicle] = [], nextPageToken: String = "", totalSize: Int64 = 0) {
        self.vehicles = vehicles
        self.nextPageToken = nextPageToken
        self.totalSize = totalSize
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        nextPageToken = try r("nextPageToken", default: "")
        totalSize = try r("totalSize", default: 0)
        vehicles = try r.repeated("vehicles")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("nextPageToken", nextPageToken)
        try w.put("totalSize", totalSize)
        try w.put("vehicles", vehicles)
    }
}
