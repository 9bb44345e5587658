import FleetModel

/// An ETA as first shown after the vehicle was assigned, and when.
public struct ETAPromise: Sendable, Hashable {
    public var madeAt: ProtoTimestamp
    public var eta: ProtoTimestamp

    public init(madeAt: ProtoTimestamp, eta: ProtoTimestamp) {
        self.madeAt = madeAt
        self.eta = eta
    }
}
