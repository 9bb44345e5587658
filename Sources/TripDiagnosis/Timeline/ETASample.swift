import FleetModel

/// The ETA a trip showed for its next stop (`etaToFirstWaypoint`, else the first remaining waypoint's), from the
/// update that first showed it to the last that still did.
public struct ETASample: Sendable, Hashable {
    public var time: ProtoTimestamp
    public var lastSeen: ProtoTimestamp
    public var stop: NextStop
    public var eta: ProtoTimestamp

    public init(time: ProtoTimestamp, lastSeen: ProtoTimestamp? = nil, stop: NextStop, eta: ProtoTimestamp) {
        self.time = time
        self.lastSeen = lastSeen ?? time
        self.stop = stop
        self.eta = eta
    }
}
