import FleetModel
import TripRecordings

/// A delivery van's day as `tripterm check` reports it: the stops it served (arrival, completion, how good the ETA
/// to each was), how its tasks ended, and how far each outcome was recorded from the task's planned place.
///
/// Stops are told apart by their tasks: a stop is served when a later list of the van's stops no longer holds it
/// (Fleet Engine closes its tasks then); it arrived when the list first shows it first and ARRIVED. The ETA to a stop
/// is each report's time plus the `remainingDuration` the driver sent while that stop was first, compared with the
/// arrival (else the completion, for a driver app that never says ARRIVED).
public struct DeliveryReportCard: Sendable, Equatable {
    /// How one stop went.
    public struct StopVisit: Sendable, Equatable {
        public var taskIDs: [String]
        public var planned: LatLng?
        public var arrived: ProtoTimestamp?
        public var completed: ProtoTimestamp?
        /// The driver's ETAs to it: (when sent, the arrival they promised).
        public var predictions: [(time: ProtoTimestamp, eta: ProtoTimestamp)]

        /// When the van was there: its arrival, else its completion.
        public var reached: ProtoTimestamp? { arrived ?? completed }

        /// Mean of |promised − reached| over the ETAs sent before it was reached, in seconds.
        public var meanETAErrorSeconds: Double? {
            guard let reached else { return nil }
            let errors = predictions.filter { $0.time < reached }.map { abs(($0.eta - reached).inSeconds) }
            return errors.isEmpty ? nil : errors.reduce(0, +) / Double(errors.count)
        }

        /// reached − promised for the ETA sent nearest ``DeliveryReportCard/etaLead`` before the van was there, in
        /// seconds: positive when it came later than promised.
        public var etaLateness: (lead: Double, seconds: Double)? {
            guard let reached else { return nil }
            let before = predictions.filter { $0.time < reached }
            guard
                let nearest = before.min(by: {
                    abs((reached - $0.time).inSeconds - DeliveryReportCard.etaLead)
                        < abs((reached - $1.time).inSeconds - DeliveryReportCard.etaLead)
                })
            else { return nil }
            return ((reached - nearest.time).inSeconds, (reached - nearest.eta).inSeconds)
        }

        public static func == (a: Self, b: Self) -> Bool {
            (a.taskIDs, a.planned, a.arrived, a.completed) == (b.taskIDs, b.planned, b.arrived, b.completed)
                && a.predictions.elementsEqual(b.predictions) { $0.time == $1.time && $0.eta == $1.eta }
        }
    }

    /// How the van's tasks ended, by their last state in the export.
    public struct Outcomes: Sendable, Equatable {
        public var succeeded = 0
        public var failed = 0
        /// CLOSED without an outcome.
        public var closedWithoutOutcome = 0
        public var open = 0

        public init(succeeded: Int = 0, failed: Int = 0, closedWithoutOutcome: Int = 0, open: Int = 0) {
            self.succeeded = succeeded
            self.failed = failed
            self.closedWithoutOutcome = closedWithoutOutcome
            self.open = open
        }
    }

    /// A task's outcome place against its planned one.
    public struct OutcomePlace: Sendable, Equatable {
        public var taskID: String
        public var meters: Double
        public var source: DeliveryTask.TaskOutcomeLocationSource
    }

    /// The lead time of the ETA a stop's lateness is measured from: five minutes, when a customer is told to get ready.
    public static let etaLead = 300.0

    public var vehicleName: String
    public var source: String
    public var span: ClosedRange<ProtoTimestamp>?
    public var reports: Int
    /// Between consecutive located reports.
    public var meters: Double
    /// The van's location reports and the intervals between them: each new fix (its `updateTime`, else the call's
    /// time) counts once, so a stop's update echoing the last fix does not shorten an interval.
    public var updates: IntervalStatistics
    /// Served stops, in the order they were served.
    public var served: [StopVisit]
    /// Stops still in the van's list at the end.
    public var stopsLeft: Int
    public var outcomes: Outcomes
    /// Tasks with both a planned place and an outcome place, farthest first.
    public var outcomePlaces: [OutcomePlace]

    public init(_ van: DeliveryVanDay, in day: DeliveryRecording) {
        vehicleName = van.name
        source = day.source
        reports = van.reports.count
        if let first = van.reports.first?.time, let last = van.reports.last?.time { span = first...max(first, last) }
        var meters = 0.0
        var previousPoint: LatLng?
        var fixTimes: [ProtoTimestamp] = []
        var current: [VehicleStop] = []
        var visits: [String: StopVisit] = [:]
        var servedKeys: [String] = []
        var taskIDs = Set<String>()
        for report in van.reports {
            if let location = report.vehicle.lastLocation, let point = location.location {
                if let previousPoint { meters += Geo.distance(previousPoint, point) }
                previousPoint = point
                let fixTime = location.updateTime ?? report.time
                if fixTimes.last.map({ fixTime > $0 }) ?? true { fixTimes.append(fixTime) }
            }
            let stops = report.stops ?? current
            let keys = Set(stops.map(Self.key))
            for stop in current where !keys.contains(Self.key(stop)) {
                let key = Self.key(stop)
                guard visits[key]?.completed == nil else { continue }
                visits[key, default: Self.visit(stop)].completed = report.time
                servedKeys.append(key)
            }
            for stop in stops {
                taskIDs.formUnion(stop.tasks.map(\.taskId))
                if visits[Self.key(stop)] == nil { visits[Self.key(stop)] = Self.visit(stop) }
            }
            if let first = stops.first {
                let key = Self.key(first)
                if first.state == .arrived, visits[key]?.arrived == nil { visits[key]?.arrived = report.time }
                if let remaining = report.remainingDuration, visits[key]?.arrived == nil {
                    visits[key]?.predictions.append((report.time, report.time + remaining.duration))
                }
            }
            current = stops
        }
        self.meters = meters
        updates = IntervalStatistics(
            reports: fixTimes.count, intervals: zip(fixTimes, fixTimes.dropFirst()).map { ($1 - $0).inSeconds })
        served = servedKeys.compactMap { visits[$0] }
        stopsLeft = current.count
        let vehicleID = van.vehicleId
        for (id, states) in day.tasks where states.last?.task.deliveryVehicleId == vehicleID { taskIDs.insert(id) }
        var outcomes = Outcomes()
        var places: [OutcomePlace] = []
        for id in taskIDs.sorted() {
            guard let task = day.lastState(of: id) else { continue }
            switch (task.state, task.taskOutcome) {
            case (_, .succeeded): outcomes.succeeded += 1
            case (_, .failed): outcomes.failed += 1
            case (.closed, _): outcomes.closedWithoutOutcome += 1
            default: outcomes.open += 1
            }
            if let planned = task.plannedLocation?.point, let actual = task.taskOutcomeLocation?.point {
                places.append(
                    OutcomePlace(
                        taskID: id, meters: Geo.distance(planned, actual), source: task.taskOutcomeLocationSource))
            }
        }
        self.outcomes = outcomes
        outcomePlaces = places.sorted { ($0.meters, $0.taskID) > ($1.meters, $1.taskID) }
    }

    /// Every van's card, by vehicle name.
    public static func cards(for day: DeliveryRecording) -> [DeliveryReportCard] {
        day.vans.map { DeliveryReportCard($0, in: day) }
    }

    private static func key(_ stop: VehicleStop) -> String { stop.tasks.map(\.taskId).sorted().joined(separator: ",") }

    private static func visit(_ stop: VehicleStop) -> StopVisit {
        StopVisit(taskIDs: stop.tasks.map(\.taskId), planned: stop.plannedLocation?.point, predictions: [])
    }
}
