import FleetModel

/// The ETA a trip showed for its next stop (`etaToFirstWaypoint`, else the first remaining waypoint's), from the
/// update that first showed it to the last that still did, under one trip status.
public struct ETASample: Sendable, Hashable {
    public var time: ProtoTimestamp
    public var lastSeen: ProtoTimestamp
    public var stop: NextStop
    public var eta: ProtoTimestamp
    /// The trip's status: an arrival (or any change) begins a new series, since arriving early or late ends what
    /// the ETA promised rather than moving it.
    public var status: TripStatus

    public init(
        time: ProtoTimestamp, lastSeen: ProtoTimestamp? = nil, stop: NextStop, eta: ProtoTimestamp, status: TripStatus
    ) {
        self.time = time
        self.lastSeen = lastSeen ?? time
        self.stop = stop
        self.eta = eta
        self.status = status
    }

    /// Whether `next` continues this sample's series: the same stop under the same status.
    public func isSameSeries(as next: ETASample) -> Bool { stop == next.stop && status == next.status }
}
