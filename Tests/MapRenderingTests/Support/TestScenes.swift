import FleetModel
import Foundation
import MapRendering

/// A small synthetic town around Monaco's harbour: a street grid, a trip with trail, route, traffic and stops.
enum TestScenes {
    static let origin = LatLng(latitude: 43.7350, longitude: 7.4200)

    /// `origin` moved by metres east and north (flat-earth, fine at this scale).
    static func point(east: Double, north: Double) -> LatLng {
        LatLng(
            latitude: origin.latitude + north / 111_195,
            longitude: origin.longitude + east / (111_195 * cos(origin.latitude * .pi / 180)))
    }

    /// A 5 × 4 grid of streets 200 m apart, a primary avenue through the middle and a diagonal service road.
    static let roads: [MapRoad] = {
        var roads: [MapRoad] = []
        for i in 0..<5 {
            let east = Double(i) * 200 - 400
            roads.append(
                MapRoad(points: [point(east: east, north: -300), point(east: east, north: 300)], rank: .local))
        }
        for j in 0..<4 {
            let north = Double(j) * 200 - 300
            roads.append(
                MapRoad(
                    points: [point(east: -500, north: north), point(east: 500, north: north)],
                    rank: j == 2 ? .primary : .local, name: j == 2 ? "Boulevard Albert 1er" : nil))
        }
        roads.append(MapRoad(points: [point(east: -500, north: -300), point(east: 500, north: 300)], rank: .service))
        return roads
    }()

    /// The trip: trail along the bottom street, then north, east along the avenue to the pickup, on to the dropoff.
    static let trail = [point(east: -400, north: -300), point(east: -200, north: -300), point(east: -200, north: -150)]
    static let vehicle = MapVehicle(position: point(east: -200, north: -150), heading: 0)
    static let activeRoute = [
        point(east: -200, north: -150), point(east: -200, north: 100), point(east: 0, north: 100),
        point(east: 200, north: 100),
    ]
    static let route = activeRoute + [point(east: 200, north: 300), point(east: 400, north: 300)]
    static let traffic = [
        SpeedReadingInterval(startPolylinePointIndex: 0, endPolylinePointIndex: 1, speed: .normal),
        SpeedReadingInterval(startPolylinePointIndex: 1, endPolylinePointIndex: 2, speed: .slow),
        SpeedReadingInterval(startPolylinePointIndex: 2, endPolylinePointIndex: 3, speed: .trafficJam),
    ]
    static let pickup = point(east: 200, north: 100)
    static let dropoff = point(east: 400, north: 300)
    static let stops = [point(east: 200, north: 300), point(east: 300, north: 300)]

    static let trip = MapScene(
        roads: roads, trail: trail, route: route, activeRoute: activeRoute, traffic: traffic, vehicle: vehicle,
        pickup: pickup, dropoff: dropoff, stops: stops,
        labels: [MapLabel(position: point(east: -450, north: 110), text: "Bd Albert 1er")])

    static func viewport(_ marker: CanvasMarker = .braille, columns: Int = 60, rows: Int = 20) -> Viewport {
        Viewport.fitting(
            points: trip.pointsToFit + [point(east: -500, north: -300)], columns: columns, rows: rows, marker: marker)!
    }
}
