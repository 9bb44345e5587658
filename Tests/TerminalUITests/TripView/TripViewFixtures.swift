import FleetModel
import Foundation
import TripFollowing
import TripRecordings

@testable import TerminalUI

/// A small recorded trip in Monaco: NEW, then the vehicle drives to pickup, picks up, drives on, completes; a
/// recoverable failure in between. Times are 10 s apart from 09:00:00Z.
enum TripViewFixtures {
    static let name = try! TripName(parsing: "providers/test/trips/trip-1")
    static let start = try! ProtoTimestamp(rfc3339: "2026-11-01T09:00:00Z")
    static let path = (0..<12).map {
        LatLng(latitude: 43.7300 + Double($0) * 0.0008, longitude: 7.4200 + Double($0) * 0.0006)
    }
    static let pickup = path[4]
    static let dropoff = path[11]

    static func trip(_ status: TripStatus, vehicleAt index: Int?) -> Trip {
        var trip = Trip(
            name: name.description, tripStatus: status, tripType: .exclusive,
            pickupPoint: TerminalLocation(point: pickup), dropoffPoint: TerminalLocation(point: dropoff))
        if let index {
            trip.lastLocation = VehicleLocation(location: path[index], heading: 30, speed: 8, updateTime: start)
            let target = status == .enrouteToPickup ? 4 : 11
            if index < target {
                trip.currentRouteSegment = S2Polyline.encodeLossless(Array(path[index...target]))
                trip.remainingDistanceMeters = Int32(Array(path[index...target]).length)
            }
        }
        return trip
    }

    static func recording() -> TripRecording {
        var events: [TripEvent] = [.snapshot(trip(.new, vehicleAt: nil), at: start)]
        let statuses: [(TripStatus, Int)] = [
            (.enrouteToPickup, 0), (.enrouteToPickup, 2), (.arrivedAtPickup, 4), (.enrouteToDropoff, 6),
            (.enrouteToDropoff, 9), (.complete, 11),
        ]
        for (offset, (status, index)) in statuses.enumerated() {
            events.append(.snapshot(trip(status, vehicleAt: index), at: start + .seconds(Int64(offset + 1) * 10)))
        }
        events.insert(
            .failure(TripServiceError(code: .unavailable, message: "connection refused"), at: start + .seconds(25)),
            at: 3)
        return TripRecording(tripName: name, source: "test", events: events)
    }

    static func state(_ status: TripStatus = .enrouteToPickup) -> TripViewState {
        var state = TripViewState(tripName: name, backendName: "http://127.0.0.1:8787")
        state.journey.tripStatus = status
        state.journey.pickupLocation = TerminalLocation(point: pickup)
        state.journey.dropoffLocation = TerminalLocation(point: dropoff)
        state.journey.vehicleLocation = VehicleLocation(location: path[1], heading: 45, speed: 10, updateTime: start)
        state.journey.activeRoute = Array(path[1...4])
        state.journey.remainingDistanceMeters = 1_234
        state.journey.pickupETA = start + .seconds(200)
        state.journey.dropoffETA = start + .seconds(900)
        state.lastUpdate = start
        state.updateCount = 3
        return state
    }

    static let utc = ClockZone.utc
}
