import FleetModel

/// One vehicle's trips on one clock — the car's back-to-back day — as a single recording that a replay plays like
/// any other, its snapshots naming whichever trip the vehicle was serving.
///
/// ```swift
/// let day = VehicleTimeline.recording(of: "sample-vehicle-id", in: loaded.recordings)
/// day?.vehicleId              // "sample-vehicle-id"
/// VehicleTimeline.trips(in: day!).map(\.tripName.tripID)   // the trips, in the order the vehicle served them
/// ```
///
/// The trip shown at a moment is the one the vehicle took first and has not finished: a trip it was given while
/// still on another (a back-to-back assignment) waits, and is shown from its first update after the earlier one
/// ended. Updates of a waiting trip are left out, so a trip given and withdrawn while another was under way does not
/// appear at all; an ended trip stays on screen until the next one moves.
public enum VehicleTimeline {
    /// The vehicles the recordings' trips were assigned to, each with its trips in order of their first event.
    public static func vehicles(in recordings: [TripRecording]) -> [(vehicleId: String, trips: [TripRecording])] {
        var order: [String] = []
        var trips: [String: [TripRecording]] = [:]
        for recording in recordings {
            var seen = Set<String>()
            for snapshot in recording.snapshots where !snapshot.trip.vehicleId.isEmpty {
                let vehicle = snapshot.trip.vehicleId
                guard seen.insert(vehicle).inserted else { continue }
                if trips[vehicle] == nil { order.append(vehicle) }
                trips[vehicle, default: []].append(recording)
            }
        }
        return order.map { vehicle in
            let sorted = trips[vehicle, default: []].enumerated().sorted {
                ($0.element.timeSpan?.lowerBound ?? ProtoTimestamp(seconds: 0), $0.offset)
                    < ($1.element.timeSpan?.lowerBound ?? ProtoTimestamp(seconds: 0), $1.offset)
            }
            return (vehicle, sorted.map(\.element))
        }
    }

    /// The timeline of `vehicleId` over the trips of `recordings` assigned to it, or nil when none was.
    public static func recording(of vehicleId: String, in recordings: [TripRecording]) -> TripRecording? {
        guard let trips = vehicles(in: recordings).first(where: { $0.vehicleId == vehicleId })?.trips,
            let first = trips.first
        else { return nil }
        let count = trips.count
        var timeline = TripRecording(
            tripName: first.tripName,
            source: "\(first.source), vehicle \(vehicleId) (\(count) trip\(count == 1 ? "" : "s"))",
            created: first.created, events: merged(trips))
        timeline.vehicleId = vehicleId
        timeline.logExport = trips.lazy.compactMap(\.logExport).first
        var navigation: [NavigationChange] = []
        for change in trips.flatMap(\.navigation).sorted(by: { $0.time < $1.time }) where change.vehicleId == vehicleId
        {
            if navigation.last?.status != change.status { navigation.append(change) }
        }
        timeline.navigation = navigation
        return timeline
    }

    /// The trips' events on one clock, each shown only while its trip is the one the vehicle serves.
    private static func merged(_ trips: [TripRecording]) -> [TripEvent] {
        let tagged = trips.enumerated().flatMap { trip, recording in
            recording.events.enumerated().map { (trip: trip, position: $0, event: $1) }
        }
        .sorted { ($0.event.time, $0.trip, $0.position) < ($1.event.time, $1.trip, $1.position) }
        var current: Int?
        var ended = false
        var events: [TripEvent] = []
        for item in tagged {
            if item.trip != current {
                // Another trip takes over only with an update of its own, once the shown one has ended.
                guard current == nil || ended, case .snapshot = item.event.kind else { continue }
                current = item.trip
            }
            var event = item.event
            if case .snapshot(var trip) = event.kind {
                ended = trip.tripStatus.isTerminal
                // Inputs that name the trip only in their header leave the snapshots' names empty; here they tell
                // the trips apart.
                if trip.name.isEmpty {
                    trip.name = trips[item.trip].tripName.description
                    event.kind = .snapshot(trip)
                }
            }
            events.append(event)
        }
        return events
    }

    /// A timeline cut back into its trips, each with the events shown while it was current and the vehicle's
    /// navigation over that time — what `check` diagnoses one trip at a time. A recording of one trip is returned
    /// whole.
    public static func trips(in timeline: TripRecording) -> [TripRecording] {
        guard timeline.vehicleId != nil else { return [timeline] }
        var parts: [TripRecording] = []
        for event in timeline.events {
            if case .snapshot(let trip) = event.kind, let name = try? TripName(parsing: trip.name),
                parts.last?.tripName != name
            {
                parts.append(TripRecording(tripName: name, source: timeline.source, created: timeline.created))
                parts[parts.count - 1].logExport = timeline.logExport
            }
            if parts.isEmpty {
                parts.append(TripRecording(tripName: timeline.tripName, source: timeline.source))
            }
            parts[parts.count - 1].events.append(event)
        }
        for index in parts.indices {
            guard let start = parts[index].timeSpan?.lowerBound else { continue }
            let end = index + 1 < parts.count ? parts[index + 1].timeSpan?.lowerBound : nil
            parts[index].navigation = timeline.navigation.filter { change in
                change.time >= start && (end.map { change.time < $0 } ?? true)
            }
        }
        return parts
    }
}
