import FleetModel
import TripRecordings

/// What the detectors and the van's report card read from one delivery vehicle's day, gathered in one pass: its
/// reports (by the same rule as a trip's, see ``ReportCollector``), its navigation status, and each stop it served
/// with the ETAs the driver gave for it.
///
/// Stops are told apart by their tasks: a stop is served when a later list of the van's stops no longer holds it
/// (Fleet Engine closes its tasks then); it arrived when the list first shows it first and ARRIVED. The ETA to a stop
/// is each report's time plus the `remainingDuration` the driver sent while that stop was first and not yet arrived.
public struct VanTimeline: Sendable {
    /// `providers/{p}/deliveryVehicles/{id}`, as the log named it.
    public var vehicleName: String
    public var vehicleId: String
    public var span: ClosedRange<ProtoTimestamp>?
    /// Calls that changed the van, located or not.
    public var calls: Int
    public var reports: [LocationReport] = []
    public var moves: [Move] = []
    public var intervals = IntervalStatistics(reports: 0)
    public var navigation: [NavigationChange] = []
    /// Along the reports.
    public var meters = 0.0
    /// Served stops, in the order they were served.
    public var served: [DeliveryReportCard.StopVisit] = []
    /// Stops still in the van's list at the end, in its order.
    public var left: [DeliveryReportCard.StopVisit] = []

    public init(_ van: DeliveryVanDay) {
        vehicleName = van.name
        vehicleId = van.vehicleId
        calls = van.reports.count
        if let first = van.reports.first?.time, let last = van.reports.last?.time { span = first...max(first, last) }
        var collector = ReportCollector()
        var current: [VehicleStop] = []
        var visits: [String: DeliveryReportCard.StopVisit] = [:]
        var servedKeys: [String] = []
        for report in van.reports {
            if let location = report.vehicle.lastLocation {
                collector.add(location, at: report.time, vehicleId: van.vehicleId)
            }
            let status =
                NavigationStatus(rawValue: report.vehicle.navigationStatus.rawValue) ?? .unknownNavigationStatus
            if status != .unknownNavigationStatus, navigation.last?.status != status {
                navigation.append(NavigationChange(time: report.time, vehicleId: van.vehicleId, status: status))
            }
            let stops = report.stops ?? current
            let keys = Set(stops.map(Self.key))
            for stop in current where !keys.contains(Self.key(stop)) {
                let key = Self.key(stop)
                guard visits[key]?.completed == nil else { continue }
                visits[key, default: Self.visit(stop)].completed = report.time
                servedKeys.append(key)
            }
            for stop in stops where visits[Self.key(stop)] == nil { visits[Self.key(stop)] = Self.visit(stop) }
            if let first = stops.first {
                let key = Self.key(first)
                if first.state == .arrived, visits[key]?.arrived == nil { visits[key]?.arrived = report.time }
                if let remaining = report.remainingDuration, visits[key]?.arrived == nil {
                    visits[key]?.predictions.append((report.time, report.time + remaining.duration))
                }
            }
            current = stops
        }
        reports = collector.reports
        (moves, intervals) = ReportCollector.moves(of: reports)
        meters = moves.reduce(0) { $0 + $1.meters }
        served = servedKeys.compactMap { visits[$0] }
        left = current.compactMap { visits[Self.key($0)] }
    }

    /// Every stop of the day, served or not.
    public var stops: [DeliveryReportCard.StopVisit] { served + left }

    private static func key(_ stop: VehicleStop) -> String { stop.tasks.map(\.taskId).sorted().joined(separator: ",") }

    private static func visit(_ stop: VehicleStop) -> DeliveryReportCard.StopVisit {
        DeliveryReportCard.StopVisit(taskIDs: stop.tasks.map(\.taskId), planned: stop.plannedLocation?.point)
    }
}

extension VanTimeline: ReportedTrack {
    public var subject: FindingSubject { .deliveryVehicle(name: vehicleName, id: vehicleId) }
    public var servedFrom: ProtoTimestamp? { span?.lowerBound }
    public var end: ProtoTimestamp? { span?.upperBound }
    public var endLabel: String { "before the data ends" }

    /// `the stop of t-1a, t-1b` within ``TripTimeline/atStopMeters`` of a stop's planned place (the nearest).
    public func stopName(near point: LatLng) -> String? {
        let nearest = stops.compactMap { stop in stop.planned.map { (stop, Geo.distance($0, point)) } }
            .min { $0.1 < $1.1 }
        guard let nearest, nearest.1 <= TripTimeline.atStopMeters else { return nil }
        return nearest.0.label
    }
}

extension DeliveryReportCard.StopVisit {
    /// `the stop of t-1a, t-1b`: a van's stops are known by their tasks.
    public var label: String { "the stop of " + taskIDs.joined(separator: ", ") }
}
