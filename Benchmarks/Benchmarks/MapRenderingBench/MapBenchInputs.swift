import FleetModel
import Foundation
import MapRendering

/// The map benchmarks' input: Monaco's roads and the mapscii peer's 2,000-point route, read from
/// `monaco-roads.txt` beside this file (made by `make_fixture.py`; road data © OpenStreetMap contributors, ODbL).
struct MapBenchInputs {
    var roads: [MapRoad] = []
    var route: [LatLng] = []
    var bounds: [LatLng] = []

    static func load() -> MapBenchInputs {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("monaco-roads.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { fatalError("cannot read \(url.path)") }
        var inputs = MapBenchInputs()
        for (number, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            do {
                switch fields.first {
                case "bounds" where fields.count == 5:
                    let v = fields.dropFirst().compactMap { Double($0) }
                    inputs.bounds = [LatLng(latitude: v[0], longitude: v[2]), LatLng(latitude: v[1], longitude: v[3])]
                case "road" where fields.count == 3:
                    let points = try GooglePolyline.decode(String(fields[2]), precision: 6)
                    inputs.roads.append(MapRoad(points: points, rank: RoadRank(highway: String(fields[1]))))
                case "route" where fields.count == 2:
                    inputs.route = try GooglePolyline.decode(String(fields[1]), precision: 6)
                default:
                    fatalError("\(url.path):\(number + 1): unexpected line")
                }
            } catch {
                fatalError("\(url.path):\(number + 1): \(error)")
            }
        }
        return inputs
    }

    /// A trip along the 2,000-point route with every layer and marker: route (all of it), active route (the first
    /// half, with slow and jammed stretches), a 300-point trail, vehicle, pickup, two stops and dropoff.
    func tripScene(withRoads: Bool) -> MapScene {
        let half = route.count / 2
        let trail = route[0..<300].map { LatLng(latitude: $0.latitude + 0.0008, longitude: $0.longitude) }
        return MapScene(
            roads: withRoads ? roads : [], trail: trail, route: route, activeRoute: Array(route[0..<half]),
            traffic: [
                SpeedReadingInterval(startPolylinePointIndex: 200, endPolylinePointIndex: 400, speed: .slow),
                SpeedReadingInterval(startPolylinePointIndex: 600, endPolylinePointIndex: 700, speed: .trafficJam),
            ],
            vehicle: MapVehicle(position: route[0], heading: 90), pickup: route[half - 1],
            dropoff: route[route.count - 1], stops: [route[route.count * 2 / 3], route[route.count * 5 / 6]],
            labels: [MapLabel(position: route[half - 1], text: "Pickup")])
    }

    /// 200 × 60 Braille cells fitted to the roads' bounds, as the peer fits 400 × 240 dots.
    func viewport(columns: Int = 200, rows: Int = 60) -> Viewport {
        Viewport.fitting(points: bounds, columns: columns, rows: rows, marker: .braille, padding: 1)!
    }
}
