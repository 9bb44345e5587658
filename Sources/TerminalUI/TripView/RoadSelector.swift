import FleetModel
import MapRendering

/// Which base-map roads a frame draws: those of the ranks the zoom shows (a town's streets up close, its main roads
/// from further away) that lie in or near the view. A whole city's map is thus never rasterised for one frame, and
/// the chosen set changes only when the view leaves the area it was chosen for, so small pans and a creeping car
/// keep the renderer's road cache.
struct RoadSelector {
    private struct Box {
        var south, north, west, east: Double

        init(_ points: [LatLng]) {
            south = .infinity
            north = -.infinity
            west = .infinity
            east = -.infinity
            for p in points {
                south = min(south, p.latitude)
                north = max(north, p.latitude)
                west = min(west, p.longitude)
                east = max(east, p.longitude)
            }
        }

        init(_ viewport: Viewport) {
            self.init([
                viewport.coordinate(atCellX: 0, y: 0),
                viewport.coordinate(atCellX: Double(viewport.columns), y: Double(viewport.rows)),
            ])
        }

        func intersects(_ other: Box) -> Bool {
            south <= other.north && other.south <= north && west <= other.east && other.west <= east
        }

        func contains(_ other: Box) -> Bool {
            south <= other.south && other.north <= north && west <= other.west && other.east <= east
        }

        /// Grown by `fraction` of its size on every side.
        func expanded(by fraction: Double) -> Box {
            let dy = (north - south) * fraction, dx = (east - west) * fraction
            var box = self
            box.south -= dy
            box.north += dy
            box.west -= dx
            box.east += dx
            return box
        }
    }

    private let roads: [(road: MapRoad, box: Box)]
    private var selection: (rank: RoadRank, area: Box, roads: [MapRoad])?

    init(roads: [MapRoad]) {
        self.roads = roads.map { ($0, Box($0.points)) }
    }

    var isEmpty: Bool { roads.isEmpty }

    /// The roads to draw in `viewport`.
    mutating func roads(for viewport: Viewport) -> [MapRoad] {
        let smallest = Self.smallestRank(metersPerCell: viewport.metersPerCell)
        let view = Box(viewport)
        if let selection, selection.rank == smallest, selection.area.contains(view) { return selection.roads }
        let area = view.expanded(by: 0.5)
        let chosen = roads.filter { $0.road.rank >= smallest && $0.box.intersects(area) }.map(\.road)
        selection = (smallest, area, chosen)
        return chosen
    }

    /// Zoomed out, minor roads would fill the pane with dots and hide the route: each rank is drawn only while a
    /// cell spans at most this many metres.
    static func smallestRank(metersPerCell: Double) -> RoadRank {
        switch metersPerCell {
        case ..<12: .service
        case ..<30: .local
        case ..<80: .secondary
        case ..<400: .primary
        default: .motorway
        }
    }
}
