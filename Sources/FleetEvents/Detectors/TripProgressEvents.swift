import FleetModel

/// `trip-eta`, `trip-eta-relative`, `trip-time-remaining` and `trip-distance-remaining` (``ProgressEvents``' rule)
/// from what a vehicle reports of its next waypoint while that waypoint is a trip's: `etaToFirstWaypoint`, the
/// time left (that ETA less now, as Google's reference solution has it, else `remainingTimeSeconds`) and
/// `remainingDistanceMeters`.
public enum TripProgressEvents {
    /// The trip whose waypoint is the vehicle's next, nil when none is.
    public static func nextTrip(of vehicle: Vehicle) -> String? {
        guard let waypoint = vehicle.waypoints.first, !waypoint.tripId.isEmpty else { return nil }
        return waypoint.tripId
    }

    /// Whether a write carries the driver's word on the way ahead — a new location, ETA, or time or distance left —
    /// so that progress is judged from it. A write that only moved the waypoints on (the provider's trip update)
    /// leaves those as they were for the stop before, which read against the new stop would cross every threshold.
    public static func isReport(before: Vehicle?, after: Vehicle) -> Bool {
        guard let before else { return true }
        return before.lastLocation != after.lastLocation || before.etaToFirstWaypoint != after.etaToFirstWaypoint
            || before.remainingTimeSeconds != after.remainingTimeSeconds
            || before.remainingDistanceMeters != after.remainingDistanceMeters
    }

    /// A waypoint as one string: its trip, its type and where it is.
    public static func stopKey(_ waypoint: TripWaypoint) -> String {
        let point = waypoint.location?.point
        return
            "\(waypoint.tripId) \(waypoint.waypointType.protoName) \(point?.latitude ?? 0),\(point?.longitude ?? 0)"
    }

    /// The events of the vehicle's next trip, and its watch to keep; nil when it has no next trip.
    public static func detect(
        vehicle: Vehicle, now: ProtoTimestamp, watch: ProgressWatch?, thresholds: EventThresholds
    ) -> (events: [DetectedEvent], watch: ProgressWatch)? {
        guard let tripID = nextTrip(of: vehicle), let name = try? VehicleName(parsing: vehicle.name) else {
            return nil
        }
        let waypoint = vehicle.waypoints[0]
        let eta = vehicle.etaToFirstWaypoint
        let progress = ProgressEvents.Progress(
            stop: stopKey(waypoint), eta: eta,
            remainingSeconds: eta.map { max(0, ($0 - now).inSeconds) } ?? vehicle.remainingTimeSeconds.map(Double.init),
            remainingMeters: vehicle.remainingDistanceMeters.map(Double.init))
        let stop: JSONValue = .object(["waypointType": .string(waypoint.waypointType.protoName)])
        return ProgressEvents.detect(
            progress, now: now, watch: watch, thresholds: thresholds, relative: thresholds.tripEtaRelative,
            kinds: .trip,
            template: DetectedEvent(
                kind: .tripEta, trip: "providers/\(name.provider)/trips/\(tripID)", vehicle: vehicle.name,
                before: stop, after: stop))
    }
}
