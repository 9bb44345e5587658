import FleetModel
import TripFollowing
import TripRecordings

/// What the detectors and the report card read from one trip's recording, gathered in one pass: its statuses, the
/// vehicle's reports and the moves between them, the ETAs it showed, the vehicle's navigation status, its stops.
///
/// A value, built once per trip, so that a screen can draw the same timeline the findings were made from.
public struct TripTimeline: Sendable {
    public var tripName: TripName
    /// First and last event times of the recording.
    public var span: ClosedRange<ProtoTimestamp>?
    /// The last event of the whole input the trip came from — in a log export of many trips, later than the trip's
    /// own last event when the trip stopped before the export did. Nil: the trip's own end.
    public var inputEnd: ProtoTimestamp?
    /// Each status the trip entered, in order; the first is the first snapshot's.
    public var statuses: [StatusChange] = []
    /// The vehicles that served the trip, in the order they were assigned.
    public var vehicles: [String] = []
    /// The first snapshot that named a vehicle.
    public var assignedAt: ProtoTimestamp?
    /// The assigned vehicle's reports, in the order the recording saw them.
    public var reports: [LocationReport] = []
    /// Between consecutive reports of the same vehicle (none across a change of vehicle).
    public var moves: [Move] = []
    public var intervals = IntervalStatistics(reports: 0)
    /// The ETA to the next stop, one sample per change of stop or ETA.
    public var etas: [ETASample] = []
    /// Empty when the input does not hold it (``TripRecording/navigation``).
    public var navigation: [NavigationChange] = []
    public var pickupPoint: LatLng?
    public var dropoffPoint: LatLng?
    public var intermediateDestinations: [LatLng] = []
    /// Other trips' stops the vehicle made while serving this one (a shared ride's, the previous ride's dropoff), as
    /// this trip's waypoints listed them.
    public var otherTripsStops: [NextStop: LatLng] = [:]
    public var pickupPromise: ETAPromise?
    public var dropoffPromise: ETAPromise?

    public init(tripName: TripName) {
        self.tripName = tripName
    }

    /// `inputEnd`: the last event of the input holding `recording` (``inputEnd``).
    public init(_ recording: TripRecording, inputEnd: ProtoTimestamp? = nil) {
        var builder = TripTimelineBuilder(tripName: recording.tripName)
        for event in recording.events {
            if case .snapshot(let trip) = event.kind { builder.add(trip, at: event.time) }
        }
        self = builder.finished
        span = recording.timeSpan
        self.inputEnd = inputEnd
        navigation = recording.navigation
        measureMoves()
    }

    /// The first COMPLETE or CANCELED.
    public var terminal: StatusChange? { statuses.first { $0.status.isTerminal } }

    /// When the trip's data ends: its terminal status, else the recording's last event.
    public var end: ProtoTimestamp? { terminal?.time ?? span?.upperBound }

    /// Whether the input holds the vehicle's navigation status.
    public var knowsNavigation: Bool { !navigation.isEmpty }

    /// Fills ``moves`` and ``intervals`` from ``reports``.
    public mutating func measureMoves() {
        (moves, intervals) = ReportCollector.moves(of: reports)
    }
}

extension TripTimeline: ReportedTrack {
    public var subject: FindingSubject { .trip(tripName) }
    public var servedFrom: ProtoTimestamp? { assignedAt }
    public var endLabel: String { terminal.map { "before \($0.status.protoName)" } ?? "before the recording ends" }
}
