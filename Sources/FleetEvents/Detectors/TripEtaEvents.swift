import FleetModel

/// `trip-eta`: the ETA to a trip's next stop — the vehicle's `etaToFirstWaypoint` while its first waypoint is the
/// trip's — moved by more than the threshold from its baseline.
///
/// The baseline is the first ETA reported for that stop, and the ETA of each `trip-eta` event after it: an event
/// says "moved by more than the threshold since you last heard", once per move rather than on every report (Google's
/// reference solution repeats it on every report while the move lasts). A new next stop starts a new baseline, with
/// no event.
public enum TripEtaEvents {
    /// The ETA the last event (or the first report) gave for a trip's next stop.
    public struct Baseline: Hashable, Sendable {
        /// The stop, as ``stopKey(_:)`` spells it.
        public var stop: String
        public var eta: ProtoTimestamp

        public init(stop: String, eta: ProtoTimestamp) {
            self.stop = stop
            self.eta = eta
        }
    }

    /// The trip id, stop and ETA the vehicle reports for its next stop; nil without an ETA or a waypoint.
    public static func nextStop(of vehicle: Vehicle) -> (tripID: String, stop: String, eta: ProtoTimestamp)? {
        guard let eta = vehicle.etaToFirstWaypoint, let waypoint = vehicle.waypoints.first, !waypoint.tripId.isEmpty
        else { return nil }
        return (waypoint.tripId, stopKey(waypoint), eta)
    }

    /// A waypoint as one string: its trip, its type and where it is.
    public static func stopKey(_ waypoint: TripWaypoint) -> String {
        let point = waypoint.location?.point
        return
            "\(waypoint.tripId) \(waypoint.waypointType.protoName) \(point?.latitude ?? 0),\(point?.longitude ?? 0)"
    }

    /// The event (if any) and the baseline to keep, given the trip's baseline before this report.
    public static func detect(
        vehicle: Vehicle, baseline: Baseline?, threshold: Duration
    ) -> (event: DetectedEvent?, baseline: Baseline)? {
        guard let next = nextStop(of: vehicle), let name = try? VehicleName(parsing: vehicle.name) else { return nil }
        guard let baseline, baseline.stop == next.stop else {
            return (nil, Baseline(stop: next.stop, eta: next.eta))
        }
        let moved = next.eta - baseline.eta
        guard moved > threshold || moved < .zero - threshold else { return (nil, baseline) }
        let waypoint = vehicle.waypoints[0]
        func value(_ eta: ProtoTimestamp) -> JSONValue {
            .object(["eta": .string(eta.rfc3339), "waypointType": .string(waypoint.waypointType.protoName)])
        }
        let event = DetectedEvent(
            kind: .tripEta, trip: "providers/\(name.provider)/trips/\(next.tripID)", vehicle: vehicle.name,
            before: value(baseline.eta), after: value(next.eta))
        return (event, Baseline(stop: next.stop, eta: next.eta))
    }
}
