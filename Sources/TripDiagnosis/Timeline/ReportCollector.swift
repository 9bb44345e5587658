import FleetModel

/// Gathers a vehicle's reports from what a recording shows over time, one rule for trips and vans.
///
/// A location that differs from the previous one is a new report; an unchanged one is the same report seen again. A
/// fix the device took before the previous report's, from the same vehicle, reached the server late, behind a newer
/// one: it is stale, not a move back and forth. The report's time is its server time, unless that runs back before
/// the previous report (a file stitched from several recordings): then the time the recording saw it.
public struct ReportCollector: Sendable {
    public private(set) var reports: [LocationReport] = []
    private var last: Fix?

    /// What tells one report from the next.
    private struct Fix: Sendable, Equatable {
        var point: LatLng?
        var deviceTime: ProtoTimestamp?
        var serverTime: ProtoTimestamp?
    }

    public init() {}

    /// A trip's `lastLocation`.
    public mutating func add(
        _ location: VehicleLocation, at time: ProtoTimestamp, vehicleId: String,
        tripStatus: TripStatus = .unknownTripStatus
    ) {
        let fix = Fix(
            point: location.location ?? location.rawLocation,
            deviceTime: location.updateTime ?? location.rawLocationTime, serverTime: location.serverTime)
        add(fix, at: time, vehicleId: vehicleId, tripStatus: tripStatus)
    }

    /// A delivery vehicle's `lastLocation`.
    public mutating func add(_ location: DeliveryVehicleLocation, at time: ProtoTimestamp, vehicleId: String) {
        let fix = Fix(
            point: location.location ?? location.rawLocation,
            deviceTime: location.updateTime ?? location.rawLocationTime, serverTime: location.serverTime)
        add(fix, at: time, vehicleId: vehicleId, tripStatus: .unknownTripStatus)
    }

    private mutating func add(_ fix: Fix, at time: ProtoTimestamp, vehicleId: String, tripStatus: TripStatus) {
        guard fix != last else { return }
        if let taken = fix.deviceTime, let previous = reports.last, previous.vehicleId == vehicleId,
            let before = previous.deviceTime, taken < before
        {
            return
        }
        last = fix
        guard let point = fix.point else { return }
        let previous = reports.last?.time ?? time
        var reportTime = max(time, previous)
        if let server = fix.serverTime, reports.isEmpty || server >= previous { reportTime = server }
        reports.append(
            LocationReport(
                time: reportTime, point: point, deviceTime: fix.deviceTime, serverTime: fix.serverTime,
                vehicleId: vehicleId, tripStatus: tripStatus))
    }

    /// The moves between consecutive reports of the same vehicle (none across a change of vehicle), and their
    /// intervals.
    public static func moves(of reports: [LocationReport]) -> (moves: [Move], intervals: IntervalStatistics) {
        var moves: [Move] = []
        moves.reserveCapacity(reports.count)
        for index in reports.indices.dropFirst() where reports[index - 1].vehicleId == reports[index].vehicleId {
            let from = reports[index - 1], to = reports[index]
            moves.append(
                Move(to: index, meters: Geo.distance(from.point, to.point), seconds: (to.time - from.time).inSeconds))
        }
        return (moves, IntervalStatistics(reports: reports.count, intervals: moves.map(\.seconds)))
    }
}
