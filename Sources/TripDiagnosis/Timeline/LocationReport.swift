import FleetModel

/// One location the assigned vehicle reported: a trip's `lastLocation` that differs from the one before.
///
/// Its ``time`` is when the server received it (`serverTime`) — the one clock every report shares, whatever the
/// device's says — else, or when that runs back before the previous report, when the recording saw it. The device's
/// own time is kept for `clock-skew`.
public struct LocationReport: Sendable, Hashable {
    public var time: ProtoTimestamp
    /// `location`, or the raw GPS fix when only that was logged.
    public var point: LatLng
    /// When the device took the fix (`updateTime`, else `rawLocationTime`), by the device's clock.
    public var deviceTime: ProtoTimestamp?
    /// When Fleet Engine received it, when the input says.
    public var serverTime: ProtoTimestamp?
    public var vehicleId: String
    public var tripStatus: TripStatus

    public init(
        time: ProtoTimestamp, point: LatLng, deviceTime: ProtoTimestamp? = nil, serverTime: ProtoTimestamp? = nil,
        vehicleId: String = "", tripStatus: TripStatus = .unknownTripStatus
    ) {
        self.time = time
        self.point = point
        self.deviceTime = deviceTime
        self.serverTime = serverTime
        self.vehicleId = vehicleId
        self.tripStatus = tripStatus
    }
}
