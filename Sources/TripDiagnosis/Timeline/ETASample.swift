import FleetModel

/// The ETA a trip showed for its next stop (`etaToFirstWaypoint`, else the first remaining waypoint's), from the
/// update that first showed it to the last that still did, under one trip status and one vehicle.
public struct ETASample: Sendable, Hashable {
    public var time: ProtoTimestamp
    public var lastSeen: ProtoTimestamp
    public var stop: NextStop
    public var eta: ProtoTimestamp
    /// The trip's status: an arrival (or any change) begins a new series, since arriving early or late ends what
    /// the ETA promised rather than moving it.
    public var status: TripStatus
    /// The vehicle the ETA is for: a trip given to another vehicle gets that vehicle's ETA, a new promise rather than
    /// the old one moving.
    public var vehicleId: String

    public init(
        time: ProtoTimestamp, lastSeen: ProtoTimestamp? = nil, stop: NextStop, eta: ProtoTimestamp, status: TripStatus,
        vehicleId: String = ""
    ) {
        self.time = time
        self.lastSeen = lastSeen ?? time
        self.stop = stop
        self.eta = eta
        self.status = status
        self.vehicleId = vehicleId
    }

    /// Whether `next` continues this sample's series: the same stop under the same status, from the same vehicle.
    public func isSameSeries(as next: ETASample) -> Bool {
        stop == next.stop && status == next.status && vehicleId == next.vehicleId
    }
}
