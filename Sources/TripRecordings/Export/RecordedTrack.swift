import FleetModel

/// What GPX and GeoJSON can show of a trip recording: where the vehicle was and when, and the trip's stops.
///
/// Fixes come from each snapshot's `lastLocation`, timed by its `updateTime` (when the device took it), else by the
/// snapshot. A poll that saw the same report again adds nothing, and a report older than the one before it (a
/// stale location resent) is left out, so the track runs forward in time and imports back as it was written.
/// Stops are the latest snapshot's pickup, intermediate destinations and dropoff, with the pickup and dropoff times.
struct RecordedTrack: Sendable, Equatable {
    struct Fix: Sendable, Equatable {
        var location: LatLng
        var time: ProtoTimestamp
        var altitude: Double?
        var speed: Double?
        var heading: Int32?
    }

    struct Stop: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case pickup
            /// 0-based index among the intermediate destinations.
            case intermediate(Int)
            case dropoff
        }

        var kind: Kind
        var location: LatLng
        var time: ProtoTimestamp?

        /// `pickup`, `dropoff`, `stop 1`…: the names the importers recognise (other names become intermediate stops).
        var name: String {
            switch kind {
            case .pickup: "pickup"
            case .dropoff: "dropoff"
            case .intermediate(let index): "stop \(index + 1)"
            }
        }

        /// GPX `<type>` / GeoJSON `properties.type`.
        var type: String {
            switch kind {
            case .pickup: "pickup"
            case .dropoff: "dropoff"
            case .intermediate: "intermediate destination"
            }
        }
    }

    var fixes: [Fix] = []
    /// Pickup, intermediate destinations, dropoff — those the recording knows.
    var stops: [Stop] = []

    init(_ recording: TripRecording) {
        var pickup: LatLng?, dropoff: LatLng?, intermediates: [LatLng] = []
        var pickupTime: ProtoTimestamp?, dropoffTime: ProtoTimestamp?
        for snapshot in recording.snapshots {
            let trip = snapshot.trip
            if let point = trip.pickupPoint?.point, Self.isValid(point) { pickup = point }
            if let point = trip.dropoffPoint?.point, Self.isValid(point) { dropoff = point }
            if !trip.intermediateDestinations.isEmpty {
                intermediates = trip.intermediateDestinations.compactMap(\.point).filter(Self.isValid)
            }
            pickupTime = trip.pickupTime ?? pickupTime
            dropoffTime = trip.dropoffTime ?? dropoffTime
            guard let vehicle = trip.lastLocation, let location = vehicle.location, Self.isValid(location) else {
                continue
            }
            let fix = Fix(
                location: location, time: vehicle.updateTime ?? snapshot.observedAt,
                altitude: vehicle.altitude.flatMap { $0.isFinite ? $0 : nil },
                speed: vehicle.speed.flatMap { $0.isFinite ? $0 : nil }, heading: vehicle.heading)
            if let last = fixes.last {
                if fix.time < last.time || (fix.time == last.time && fix.location == last.location) { continue }
            }
            fixes.append(fix)
        }
        if let pickup { stops.append(Stop(kind: .pickup, location: pickup, time: pickupTime)) }
        for (index, point) in intermediates.enumerated() {
            stops.append(Stop(kind: .intermediate(index), location: point))
        }
        if let dropoff { stops.append(Stop(kind: .dropoff, location: dropoff, time: dropoffTime)) }
    }

    /// A finite coordinate in range: anything else cannot be written as GPX or GeoJSON.
    static func isValid(_ point: LatLng) -> Bool {
        (-90...90).contains(point.latitude) && (-180...180).contains(point.longitude)
    }
}
