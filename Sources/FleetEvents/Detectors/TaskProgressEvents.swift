import FleetModel

/// `task-eta`, `task-eta-relative`, `task-time-remaining` and `task-distance-remaining` (``ProgressEvents``' rule)
/// for each task at a delivery vehicle's next stop — the first of its `remainingVehicleJourneySegments` — from what
/// the van reports of the way there: `remainingDuration` (the ETA is now plus it) and `remainingDistanceMeters`.
public enum TaskProgressEvents {
    /// The ids of the tasks at the van's next stop.
    public static func nextStopTasks(of vehicle: DeliveryVehicle) -> [String] {
        (vehicle.remainingVehicleJourneySegments.first?.stop?.tasks ?? []).map(\.taskId).filter { !$0.isEmpty }
    }

    /// Whether a write carries the driver's word on the way ahead (a new location, time or distance left), as
    /// ``TripProgressEvents/isReport(before:after:)`` asks of a vehicle: the provider's write of the van's stops
    /// leaves them as they were for the stop before, and its ETA (now plus a stale time left) would only drift.
    public static func isReport(before: DeliveryVehicle?, after: DeliveryVehicle) -> Bool {
        guard let before else { return true }
        return before.lastLocation != after.lastLocation || before.remainingDuration != after.remainingDuration
            || before.remainingDistanceMeters != after.remainingDistanceMeters
    }

    /// The events of one task at the next stop, and its watch to keep; nil when the van has no next stop.
    public static func detect(
        vehicle: DeliveryVehicle, taskID: String, now: ProtoTimestamp, watch: ProgressWatch?,
        thresholds: EventThresholds
    ) -> (events: [DetectedEvent], watch: ProgressWatch)? {
        guard let stop = vehicle.remainingVehicleJourneySegments.first?.stop,
            let name = try? DeliveryVehicleName(parsing: vehicle.name)
        else { return nil }
        let point = stop.plannedLocation?.point
        let remaining = vehicle.remainingDuration?.duration
        let progress = ProgressEvents.Progress(
            stop: "\(point?.latitude ?? 0),\(point?.longitude ?? 0)", eta: remaining.map { now + $0 },
            remainingSeconds: remaining?.inSeconds, remainingMeters: vehicle.remainingDistanceMeters.map(Double.init))
        return ProgressEvents.detect(
            progress, now: now, watch: watch, thresholds: thresholds, relative: thresholds.taskEtaRelative,
            kinds: .task,
            template: DetectedEvent(
                kind: .taskEta, vehicle: vehicle.name, task: "providers/\(name.provider)/tasks/\(taskID)",
                before: nil, after: nil))
    }
}
