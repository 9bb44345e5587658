import FleetModel
import TripRecordings

/// A delivery van's day as `tripterm check` reports it: the stops it served (arrival, completion, how good the ETA
/// to each was, see ``VanTimeline``), how its tasks ended, and how far each outcome was recorded from the task's
/// planned place. An ETA is compared with the arrival, else the completion, for a driver app that never says
/// ARRIVED.
public struct DeliveryReportCard: Sendable, Equatable {
    /// How one stop went.
    public struct StopVisit: Sendable, Equatable {
        public var taskIDs: [String]
        public var planned: LatLng?
        public var arrived: ProtoTimestamp?
        public var completed: ProtoTimestamp?
        /// The driver's ETAs to it: (when sent, the arrival they promised).
        public var predictions: [(time: ProtoTimestamp, eta: ProtoTimestamp)] = []

        public init(taskIDs: [String], planned: LatLng?) {
            self.taskIDs = taskIDs
            self.planned = planned
        }

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
    /// Along the location reports.
    public var meters: Double
    /// The van's location reports and the intervals between them, counted as a trip's are: each new fix once, so a
    /// stop's update echoing the last fix does not shorten an interval.
    public var updates: IntervalStatistics
    /// Served stops, in the order they were served.
    public var served: [StopVisit]
    /// Stops still in the van's list at the end.
    public var stopsLeft: Int
    public var outcomes: Outcomes
    /// Tasks with both a planned place and an outcome place, farthest first.
    public var outcomePlaces: [OutcomePlace]

    public init(_ van: DeliveryVanDay, in day: DeliveryRecording) {
        self.init(VanTimeline(van), in: day)
    }

    /// The card of a van's timeline, its tasks' outcomes read from the day.
    public init(_ timeline: VanTimeline, in day: DeliveryRecording) {
        vehicleName = timeline.vehicleName
        source = day.source
        reports = timeline.calls
        span = timeline.span
        meters = timeline.meters
        updates = timeline.intervals
        served = timeline.served
        stopsLeft = timeline.left.count
        var taskIDs = Set(timeline.stops.flatMap(\.taskIDs))
        let vehicleID = timeline.vehicleId
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

    /// Every van's card, in the day's order.
    public static func cards(for day: DeliveryRecording) -> [DeliveryReportCard] {
        day.vans.map { DeliveryReportCard($0, in: day) }
    }

}
