import FleetModel
import TripRecordings

/// What the detectors of a vehicle's reports read — silences, jumps, stays, clock skew, OFF_ROUTE — whether the
/// vehicle served a trip (``TripTimeline``) or drove a delivery van's day (``VanTimeline``), so that one detector
/// means one thing for both.
public protocol ReportedTrack: Sendable {
    var subject: FindingSubject { get }
    /// The vehicle's reports, in order, none stale (see ``ReportCollector``).
    var reports: [LocationReport] { get }
    /// Between consecutive reports of the same vehicle.
    var moves: [Move] { get }
    var intervals: IntervalStatistics { get }
    /// Empty when the input does not hold it.
    var navigation: [NavigationChange] { get }
    /// From when reports are expected: a trip's assignment, a van's first call.
    var servedFrom: ProtoTimestamp? { get }
    /// Until when: a trip's COMPLETE or CANCELED, else the end of the data.
    var end: ProtoTimestamp? { get }
    /// What happens at ``end``, for a silence running up to it: `before CANCELED`, `before the recording ends`.
    var endLabel: String { get }
    /// The stop a point is at, for naming it and for telling a stop from a stay; nil away from every stop.
    func stopName(near point: LatLng) -> String?
}
