import FleetModel
import MapRendering
import TerminalCore

/// Street names for the base map, where they fit: the biggest roads first, each name once, at the middle of its
/// visible part, never overlapping another name, the map's edge or the scale bar's row. Recomputed only when the
/// view or the roads change, so a moving car does not make names jump.
struct RoadLabeller {
    /// At most one name per this many cells of map, so names annotate the map rather than cover it.
    static let cellsPerLabel = 300
    private var cacheKey: (viewport: Viewport, roads: [MapRoad], stops: [LatLng], ascii: Bool)?
    private var cached: [MapLabel] = []

    /// Names for `roads`, keeping clear of `stops` (pickup, dropoff, numbered stops: markers that stay put; the
    /// moving car is simply drawn over a name).
    mutating func labels(
        for roads: [MapRoad], in viewport: Viewport, avoiding stops: [LatLng], ascii: Bool
    ) -> [MapLabel] {
        if let key = cacheKey, key.viewport == viewport, key.roads == roads, key.stops == stops, key.ascii == ascii {
            return cached
        }
        cached = Self.place(roads: roads, in: viewport, avoiding: stops, ascii: ascii)
        cacheKey = (viewport, roads, stops, ascii)
        return cached
    }

    static func place(roads: [MapRoad], in viewport: Viewport, avoiding stops: [LatLng], ascii: Bool) -> [MapLabel] {
        let columns = viewport.columns, rows = viewport.rows
        guard columns >= 20, rows >= 6 else { return [] }
        // Each named road's visible stretches, biggest and longest first: a name goes on the first that has room.
        var stretches: [String: [(rank: RoadRank, points: [LatLng])]] = [:]
        for road in roads {
            guard let name = road.name, !name.isEmpty else { continue }
            let visible = road.points.filter { viewport.cell(of: $0) != nil }
            guard visible.count >= 2 else { continue }
            stretches[name, default: []].append((road.rank, visible))
        }
        for name in stretches.keys {
            stretches[name]?.sort { ($0.rank, $0.points.count) > ($1.rank, $1.points.count) }
        }
        let limit = max(1, columns * rows / cellsPerLabel)
        var taken = [Bool](repeating: false, count: columns * rows)
        for stop in stops {
            guard let cell = viewport.cell(of: stop) else { continue }
            for column in max(0, cell.column - 1)...min(columns - 1, cell.column + 1) {
                taken[cell.row * columns + column] = true
            }
        }
        var labels: [MapLabel] = []
        let ordered = stretches.sorted { a, b in
            let x = a.value[0], y = b.value[0]
            return (x.rank, x.points.count, b.key) > (y.rank, y.points.count, a.key)
        }
        for (name, candidates) in ordered where labels.count < limit {
            let text = ascii ? name.asciiSafe : name
            for stretch in candidates {
                let anchor = stretch.points[stretch.points.count / 2]
                guard let span = Self.span(of: text, at: anchor, in: viewport),
                    !span.columns.contains(where: { taken[span.row * columns + $0] })
                else { continue }
                for column in span.columns {
                    for r in max(0, span.row - 1)...min(rows - 1, span.row + 1) { taken[r * columns + column] = true }
                }
                labels.append(MapLabel(position: anchor, text: text))
                break
            }
        }
        return labels
    }

    /// The cells `text` would cover at `anchor`, with one cell of margin each side, as the renderer places labels
    /// (from two cells right of the point, or ending left of it at the right edge); nil when it does not fit.
    static func span(of text: String, at anchor: LatLng, in viewport: Viewport) -> (row: Int, columns: Range<Int>)? {
        guard let cell = viewport.cell(of: anchor) else { return nil }
        let width = text.displayWidth
        var start = cell.column + 2
        if start + width > viewport.columns { start = cell.column - 1 - width }
        guard start >= 0, start + width <= viewport.columns, cell.row < viewport.rows - 1 else { return nil }
        return (cell.row, max(0, start - 1)..<min(viewport.columns, start + width + 1))
    }
}
