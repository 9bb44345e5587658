import FleetModel
import TrackFormats

/// Turns a timed GPS track (from GPX or GeoJSON) into the trip a perfect Fleet Engine would have reported at each
/// point, so a drive recorded with any GPS logger replays like a followed trip.
///
/// Each point becomes one snapshot at its time:
/// - `lastLocation`: the point (GPS sensor), its elevation, and the heading and speed of ``TrackMotion``;
/// - `tripStatus` from ``TrackItinerary/phase(at:)``: ENROUTE_TO_PICKUP, ARRIVED_AT_PICKUP while there,
///   ENROUTE_TO / ARRIVED_AT_INTERMEDIATE_DESTINATION for each stop (with `intermediateDestinationIndex`),
///   ENROUTE_TO_DROPOFF, and COMPLETE at the last point when it is at the dropoff;
/// - `route`: the rest of the track up to where it reaches the next stop, then the stop itself (simplified by
///   ``TrackSimplification``), empty while waiting at a stop; `remainingDistanceMeters` is its length;
/// - `remainingWaypoints`: the stops not yet left, each with its distance from the one before (the first from the
///   vehicle) and the time the track really gets there as its ETA; `pickupTime`/`dropoffTime` are those times too —
///   the ETAs a perfect predictor would give, and then the actual times.
///
/// The trip is EXCLUSIVE and assigned to vehicle `gpx`.
struct TrackTripBuilder {
    var tripName: TripName
    var source: String
    var created: ProtoTimestamp?

    static let vehicleID = "gpx"

    /// Points must be in time order (equal times allowed); an empty track gives a recording without events.
    func recording(points: [TrackPoint], waypoints: [TrackWaypoint]) -> TripRecording {
        var recording = TripRecording(tripName: tripName, source: source, created: created)
        guard let itinerary = TrackItinerary(points: points, waypoints: waypoints), let start = points.first?.time
        else {
            return recording
        }
        for note in itinerary.notes { recording.events.append(.note(note, at: start)) }
        let context = Context(points: points, itinerary: itinerary)
        for i in points.indices {
            recording.events.append(.snapshot(trip(at: i, in: context), at: points[i].time))
        }
        return recording
    }

    /// What every snapshot shares, computed once per track.
    private struct Context {
        let points: [TrackPoint]
        let locations: [LatLng]
        let cumulative: [Double]
        let kept: [Int]
        let motion: [TrackMotion]
        let itinerary: TrackItinerary
        let stops: [TrackItinerary.Stop]

        init(points: [TrackPoint], itinerary: TrackItinerary) {
            self.points = points
            locations = points.map(\.location)
            cumulative = locations.cumulativeDistances
            kept = TrackSimplification.keptIndices(locations)
            motion = TrackMotion.of(points)
            self.itinerary = itinerary
            stops = itinerary.stops
        }

        /// When the vehicle gets to a stop; nil for a dropoff the track never reaches.
        func time(of stop: TrackItinerary.Stop) -> ProtoTimestamp? {
            stop.kind == .dropoff && !stop.reached ? nil : points[stop.arrival].time
        }

        /// The route from point `i` to `stop`: the track up to where it reaches the stop, then the stop.
        func route(from i: Int, to stop: TrackItinerary.Stop) -> [LatLng] {
            let end = max(i, stop.arrival)
            var route = [locations[i]]
            var k = firstKept(after: i)
            while k < kept.count && kept[k] < end {
                route.append(locations[kept[k]])
                k += 1
            }
            if end > i { route.append(locations[end]) }
            if let last = route.last, Geo.distance(last, stop.location) > 1 { route.append(stop.location) }
            return route
        }

        /// The position in `kept` of the first kept index greater than `i`.
        private func firstKept(after i: Int) -> Int {
            var low = 0, high = kept.count
            while low < high {
                let mid = (low + high) / 2
                if kept[mid] <= i { low = mid + 1 } else { high = mid }
            }
            return low
        }

        /// Track distance from leaving `previous` to reaching `stop`, plus the step from the track to the stop.
        func distance(from previous: TrackItinerary.Stop, to stop: TrackItinerary.Stop) -> Double {
            max(0, cumulative[stop.arrival] - cumulative[previous.departure])
                + Geo.distance(locations[stop.arrival], stop.location)
        }
    }

    private func trip(at i: Int, in context: Context) -> Trip {
        let point = context.points[i], itinerary = context.itinerary, stops = context.stops
        var trip = Trip(
            name: tripName.description, tripType: .exclusive,
            pickupPoint: TerminalLocation(point: itinerary.pickup.location),
            dropoffPoint: TerminalLocation(point: itinerary.dropoff.location))
        trip.vehicleId = Self.vehicleID
        trip.intermediateDestinations = itinerary.intermediates.map { TerminalLocation(point: $0.location) }
        trip.pickupTime = context.time(of: itinerary.pickup)
        trip.dropoffTime = context.time(of: itinerary.dropoff)

        var location = VehicleLocation(
            location: point.location, heading: context.motion[i].heading, speed: context.motion[i].speed,
            updateTime: point.time, locationSensor: .gps)
        location.altitude = point.elevation
        trip.lastLocation = location

        let phase = itinerary.phase(at: i)
        switch phase {
        case .enroute(let index):
            trip.route = context.route(from: i, to: stops[index])
            trip.remainingDistanceMeters = Self.meters(trip.route.length)
            trip.remainingWaypoints = waypoints(from: index, at: i, firstDistance: trip.route.length, in: context)
        case .at(let index):
            trip.route = []
            trip.remainingDistanceMeters = 0
            trip.remainingWaypoints = waypoints(from: index, at: i, firstDistance: 0, in: context)
        case .complete:
            trip.remainingWaypoints = []
        }
        trip.tripStatus = Self.status(phase, stops: stops)
        if let stopIndex = phase.stopIndex, case .intermediate(let index) = stops[stopIndex].kind {
            trip.intermediateDestinationIndex = Int32(index)
        }
        trip.etaToFirstWaypoint = trip.remainingWaypoints.first?.eta
        trip.remainingTimeToFirstWaypoint = trip.remainingWaypoints.first?.duration
        return trip
    }

    /// The stops from `stops[index]` on, with distances and ETAs as seen from point `i`.
    private func waypoints(from index: Int, at i: Int, firstDistance: Double, in context: Context) -> [TripWaypoint] {
        let now = context.points[i].time, stops = context.stops
        var result: [TripWaypoint] = []
        var previousETA = now
        for k in index..<stops.count {
            let stop = stops[k]
            let distance = k == index ? firstDistance : context.distance(from: stops[k - 1], to: stop)
            let eta = context.time(of: stop).map { max($0, now) }
            let waypoint = TripWaypoint(
                location: TerminalLocation(point: stop.location), tripId: tripName.tripID,
                waypointType: stop.kind.waypointType,
                distanceMeters: Self.meters(distance), eta: eta, duration: eta.map { ProtoDuration($0 - previousETA) })
            result.append(waypoint)
            previousETA = eta ?? previousETA
        }
        return result
    }

    private static func status(_ phase: TrackItinerary.Phase, stops: [TrackItinerary.Stop]) -> TripStatus {
        switch phase {
        case .complete: return .complete
        case .enroute(let index):
            switch stops[index].kind {
            case .pickup: return .enrouteToPickup
            case .intermediate: return .enrouteToIntermediateDestination
            case .dropoff: return .enrouteToDropoff
            }
        case .at(let index):
            switch stops[index].kind {
            case .pickup: return .arrivedAtPickup
            case .intermediate: return .arrivedAtIntermediateDestination
            // Never produced: the dropoff has no waiting status; the trip goes from ENROUTE_TO_DROPOFF to COMPLETE.
            case .dropoff: return .enrouteToDropoff
            }
        }
    }

    /// Whole metres, within Int32.
    private static func meters(_ distance: Double) -> Int32 {
        guard distance.isFinite else { return 0 }
        return Int32(min(max(distance.rounded(), 0), Double(Int32.max)))
    }
}
