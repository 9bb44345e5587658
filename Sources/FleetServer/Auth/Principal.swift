/// Who is calling, as far as authorization goes: the trip and vehicle a verified token is scoped to.
public struct Principal: Sendable, Equatable, CustomStringConvertible {
    /// A trip id, `"*"` for every trip, or nil.
    public var tripID: String?
    /// A vehicle id, `"*"` for every vehicle, or nil.
    public var vehicleID: String?

    public init(tripID: String? = nil, vehicleID: String? = nil) {
        self.tripID = tripID.flatMap { $0.isEmpty ? nil : $0 }
        self.vehicleID = vehicleID.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A server token (`tripid` and `vehicleid` both `"*"`) may call every method.
    public var isServer: Bool { tripID == "*" && vehicleID == "*" }

    /// For messages: the claims, never the token.
    public var description: String {
        let parts = [tripID.map { "tripid=\($0)" }, vehicleID.map { "vehicleid=\($0)" }].compactMap { $0 }
        return parts.isEmpty ? "no authorization claims" : parts.joined(separator: ", ")
    }
}
