import FleetModel
import MapRendering
import Testing

@testable import TerminalUI

/// Street names on the base map: where they fit, biggest roads first, never over each other or a stop.
@Suite struct RoadLabellerTests {
    static let centre = LatLng(latitude: 43.7384, longitude: 7.4246)
    static let viewport = Viewport(centre: centre, zoom: 16, columns: 80, rows: 24)

    /// A horizontal road through row `row`, `length` cells wide, starting at `column`.
    static func road(_ name: String?, rank: RoadRank, row: Int, column: Int = 10, length: Int = 30) -> MapRoad {
        MapRoad(
            points: (column...(column + length)).map { viewport.coordinate(column: $0, row: row) }, rank: rank,
            name: name)
    }

    /// The cells a label covers on screen: from two cells right of its point.
    static func span(_ label: MapLabel) -> (row: Int, columns: Range<Int>) {
        let cell = viewport.cell(of: label.position)!
        return (cell.row, (cell.column + 2)..<(cell.column + 2 + label.text.count))
    }

    @Test func namesDoNotOverlapAndBiggerRoadsWin() {
        let roads = [
            Self.road("Rue Basse", rank: .local, row: 10),
            Self.road("Boulevard Albert 1er", rank: .primary, row: 10, column: 12),
            Self.road("Avenue de la Costa", rank: .secondary, row: 16),
            Self.road(nil, rank: .motorway, row: 5),
        ]
        let labels = RoadLabeller.place(roads: roads, in: Self.viewport, avoiding: [], ascii: false)
        #expect(labels.map(\.text).sorted() == ["Avenue de la Costa", "Boulevard Albert 1er"])
        let spans = labels.map(Self.span)
        for (i, a) in spans.enumerated() {
            for b in spans[(i + 1)...] where abs(a.row - b.row) <= 1 { #expect(!a.columns.overlaps(b.columns)) }
        }
    }

    @Test func eachNameOnceAndClearOfStops() {
        let stop = Self.viewport.coordinate(column: 30, row: 10)  // where the name of the row-10 stretch would start
        let roads = [
            Self.road("Quai Antoine 1er", rank: .secondary, row: 10),
            Self.road("Quai Antoine 1er", rank: .secondary, row: 18),
        ]
        let labels = RoadLabeller.place(roads: roads, in: Self.viewport, avoiding: [stop], ascii: false)
        #expect(labels.count == 1)
        #expect(labels.first.map { Self.span($0).row } == 18, "the stretch under the stop is passed over")
    }

    @Test func asciiFoldsAccents() {
        let labels = RoadLabeller.place(
            roads: [Self.road("Rue Grimaldi à Fontvieille", rank: .primary, row: 8)], in: Self.viewport, avoiding: [],
            ascii: true)
        #expect(labels.first?.text.allSatisfy(\.isASCII) == true)
    }
}
