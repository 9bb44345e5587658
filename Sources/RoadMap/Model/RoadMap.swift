import FleetModel

/// The drivable roads of an area, imported from OpenStreetMap (`tripterm import-osm`) and saved as a `.roadmap` file.
///
/// ```swift
/// let map = try RoadMapFile.load(path: "Assets/maps/monaco.roadmap")
/// let graph = RoadGraph(map)
/// let route = graph.route(from: start, to: end)
/// ```
///
/// The attribution travels with the data, because OpenStreetMap's licence (ODbL) asks that every display credits it.
public struct RoadMap: Hashable, Sendable {
    /// The credit to show wherever the map is drawn, e.g. "© OpenStreetMap contributors, ODbL".
    public var attribution: String
    public var ways: [RoadWay]

    /// The attribution OpenStreetMap data must carry.
    public static let openStreetMapAttribution = "© OpenStreetMap contributors, ODbL"

    public init(attribution: String, ways: [RoadWay]) {
        self.attribution = attribution
        self.ways = ways
    }

    /// The box around every way's points, or nil for a map without ways.
    public var bounds: GeoBox? { GeoBox(covering: ways.lazy.flatMap(\.points)) }

    /// The ways with this name, in map order.
    public func ways(named name: String) -> [RoadWay] { ways.filter { $0.name == name } }
}
