import FleetModel
import TripRecordings

/// A made-up trip whose every figure is known in advance, to plant one anomaly at a known time and check that it is
/// found there and nothing else is.
///
/// The clean drive: NEW at 0 s; car-1 assigned and ENROUTE_TO_PICKUP at 10 s, promising the pickup at 160 s and the
/// dropoff at 330 s; due north at 10 m/s, reporting every 5 s, to the pickup 1,500 m away at 160 s; waits there;
/// ARRIVED_AT_PICKUP at 170 s; ENROUTE_TO_DROPOFF at 190 s, 4,000 m more at 10 m/s; COMPLETE at the dropoff at
/// 590 s. The ETA to the next stop stays where it should (160 s, then 590 s); device and server clocks agree;
/// navigation says ENROUTE_TO_DESTINATION from 10 s.
struct DriveScript {
    static let t0 = ProtoTimestamp(seconds: 1_800_000_000)
    static let origin = LatLng(latitude: 43.7, longitude: 7.4)
    static let name = try! TripName(provider: "test", tripID: "t1")

    static func at(_ seconds: Double) -> ProtoTimestamp { t0 + .milliseconds(Int64((seconds * 1000).rounded())) }
    static func north(_ meters: Double) -> LatLng { Geo.destination(from: origin, bearing: 0, distance: meters) }

    static let pickup = north(1500)
    static let dropoff = north(5500)

    var statuses: [(seconds: Double, status: TripStatus)] = [
        (0, .new), (10, .enrouteToPickup), (170, .arrivedAtPickup), (190, .enrouteToDropoff), (590, .complete),
    ]
    /// Report times.
    var reportTimes: [Double] = Array(stride(from: 10.0, through: 590, by: 5))
    /// Where the vehicle is at a time; nil leaves that report out.
    var position: (Double) -> LatLng? = DriveScript.cleanPosition
    /// The device clock minus the server's, in seconds, at a report.
    var deviceOffset: (Double) -> Double = { _ in 0 }
    /// Added to the ETA to the next stop at a time, in seconds.
    var etaShift: (Double) -> Double = { _ in 0 }
    var navigation: [(seconds: Double, status: NavigationStatus)] = [(10, .enrouteToDestination)]
    var vehicleId: (Double) -> String = { $0 >= 10 ? "car-1" : "" }
    /// As current Fleet Engine logs have it: from ARRIVED_AT_PICKUP the waypoints list the dropoff first and the
    /// ETA is the dropoff's (the 2021 export still lists the pickup until ENROUTE_TO_DROPOFF).
    var arrivalListsTheNextStop = false

    static func cleanPosition(_ t: Double) -> LatLng? {
        switch t {
        case ..<160: north(10 * (t - 10))
        case ..<190: north(1500)
        default: north(1500 + 10 * (t - 190))
        }
    }

    var recording: TripRecording {
        var trip = Trip(
            name: Self.name.description, tripStatus: .new, tripType: .exclusive,
            pickupPoint: TerminalLocation(point: Self.pickup), dropoffPoint: TerminalLocation(point: Self.dropoff))
        var events: [TripEvent] = []
        let times = Set(statuses.map(\.seconds) + reportTimes).sorted()
        for t in times {
            if let change = statuses.last(where: { $0.seconds == t }) { trip.tripStatus = change.status }
            trip.vehicleId = vehicleId(t)
            if reportTimes.contains(t), let point = position(t) {
                var location = VehicleLocation(location: point, updateTime: Self.at(t + deviceOffset(t)))
                location.serverTime = Self.at(t)
                trip.lastLocation = location
            }
            setETAs(of: &trip, at: t)
            events.append(.snapshot(trip, at: Self.at(t)))
        }
        let changes = navigation.map {
            NavigationChange(time: Self.at($0.seconds), vehicleId: "car-1", status: $0.status)
        }
        return TripRecording(tripName: Self.name, source: "drive script", events: events, navigation: changes)
    }

    private func setETAs(of trip: inout Trip, at t: Double) {
        let pickup = TripWaypoint(
            location: TerminalLocation(point: Self.pickup), tripId: "t1", waypointType: .pickupWaypointType)
        let dropoff = TripWaypoint(
            location: TerminalLocation(point: Self.dropoff), tripId: "t1", waypointType: .dropOffWaypointType)
        switch trip.tripStatus {
        case .arrivedAtPickup where arrivalListsTheNextStop:
            trip.remainingWaypoints = [dropoff]
            trip.dropoffTime = Self.at(590)
            trip.etaToFirstWaypoint = Self.at(590 + etaShift(t))
        case .new, .enrouteToPickup, .arrivedAtPickup:
            trip.remainingWaypoints = [pickup, dropoff]
            trip.pickupTime = trip.vehicleId.isEmpty ? nil : Self.at(160)
            trip.dropoffTime = trip.vehicleId.isEmpty ? nil : Self.at(330)
            trip.etaToFirstWaypoint = trip.vehicleId.isEmpty ? nil : Self.at(160 + etaShift(t))
        case .enrouteToDropoff, .enrouteToIntermediateDestination, .arrivedAtIntermediateDestination:
            trip.remainingWaypoints = [dropoff]
            trip.dropoffTime = Self.at(590)
            trip.etaToFirstWaypoint = Self.at(590 + etaShift(t))
        case .complete, .canceled, .unknownTripStatus:
            trip.remainingWaypoints = []
            trip.etaToFirstWaypoint = nil
        }
    }
}
