import FleetModel
import Foundation
import Testing
import TrackFormats

@testable import TripFollowing

/// Made-up drives in Monaco for the GPX and GeoJSON tests: places, a builder of timed points, and the fixtures.
struct MonacoDrive {
    static let start = LatLng(latitude: 43.7402, longitude: 7.4270)
    static let pickup = LatLng(latitude: 43.7384, longitude: 7.4246)
    static let casino = LatLng(latitude: 43.7350, longitude: 7.4230)
    static let dropoff = LatLng(latitude: 43.7311, longitude: 7.4197)
    static let t0 = ProtoTimestamp(seconds: 1_773_478_800)  // 2026-03-14T09:00:00Z
    static let tripName = try! TripName(parsing: "providers/demo/trips/monaco")

    static func at(_ seconds: Int64) -> ProtoTimestamp { t0 + .seconds(seconds) }

    /// The statuses, point by point, of the fixtures `monaco-drive.gpx` and `monaco-drive.geojson`.
    static let fixtureStatuses: [TripStatus] =
        Array(repeating: .enrouteToPickup, count: 3) + Array(repeating: .arrivedAtPickup, count: 4)
        + Array(repeating: .enrouteToIntermediateDestination, count: 3)
        + Array(repeating: .arrivedAtIntermediateDestination, count: 2)
        + Array(repeating: .enrouteToDropoff, count: 5) + [.complete]

    static func fixture(_ name: String, _ ext: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    private(set) var points: [TrackPoint]
    private var time: ProtoTimestamp
    private let interval: Int64

    /// Starts parked at `location` at ``t0``, with a point every `interval` seconds.
    init(at location: LatLng = start, interval: Int64 = 10) {
        points = [TrackPoint(location: location, time: Self.t0)]
        time = Self.t0
        self.interval = interval
    }

    var here: LatLng { points[points.count - 1].location }

    /// Drives in a straight line to `destination` in `steps` points, the last one on it.
    mutating func drive(to destination: LatLng, steps: Int) {
        let from = here
        for k in 1...steps { add(Geo.interpolate(from, destination, fraction: Double(k) / Double(steps))) }
    }

    /// Stays put for `steps` points.
    mutating func wait(steps: Int) {
        for _ in 0..<steps { add(here) }
    }

    private mutating func add(_ location: LatLng) {
        time = time + .seconds(interval)
        points.append(TrackPoint(location: location, time: time))
    }

    /// The usual drive: to the pickup, wait, to the dropoff (optionally by the casino), wait a moment there.
    static func standard(viaCasino: Bool = false) -> MonacoDrive {
        var drive = MonacoDrive()
        drive.drive(to: pickup, steps: 3)
        drive.wait(steps: 2)
        if viaCasino {
            drive.drive(to: casino, steps: 4)
            drive.wait(steps: 1)
        }
        drive.drive(to: dropoff, steps: viaCasino ? 5 : 9)
        drive.wait(steps: 1)
        return drive
    }
}
