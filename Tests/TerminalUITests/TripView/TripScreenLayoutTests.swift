import TerminalCore
import Testing

@testable import TerminalUI

@Suite struct TripScreenLayoutTests {
    @Test func wideTerminalsPutThePanelBesideTheMap() throws {
        let layout = try #require(TripScreenLayout.compute(size: TerminalSize(width: 120, height: 40), kind: .replay))
        let panel = try #require(layout.panel)
        #expect(layout.panelBeside)
        #expect(layout.map == Rect(x: 0, y: 0, width: 120 - panel.width, height: 35))
        #expect(panel.x == layout.map.width)
        #expect(layout.strip == Rect(x: 0, y: 35, width: 120, height: 2))
        #expect(layout.timeline?.y == 37 && layout.statusBar.y == 38 && layout.hints.y == 39)
    }

    /// The replay's diagnosis strip needs 20 rows; below that the map keeps them.
    @Test func theDiagnosisStripIsForTallReplays() throws {
        let tall = try #require(TripScreenLayout.compute(size: TerminalSize(width: 80, height: 20), kind: .replay))
        #expect(tall.strip?.height == 2 && tall.strip.map { $0.y + 2 } == tall.timeline?.y)
        let short = try #require(TripScreenLayout.compute(size: TerminalSize(width: 80, height: 19), kind: .replay))
        #expect(short.strip == nil)
        let rider = try #require(TripScreenLayout.compute(size: TerminalSize(width: 80, height: 40), kind: .rider))
        #expect(rider.strip == nil)
    }

    @Test func narrowTallTerminalsPutThePanelBelow() throws {
        let layout = try #require(TripScreenLayout.compute(size: TerminalSize(width: 60, height: 30), kind: .rider))
        let panel = try #require(layout.panel)
        #expect(!layout.panelBeside)
        #expect(layout.timeline == nil)
        #expect(panel.y == layout.map.height && panel.width == 60)
        #expect(panel.y + panel.height == layout.statusBar.y)
    }

    @Test func smallTerminalsFoldThePanelIntoOneLine() throws {
        let layout = try #require(TripScreenLayout.compute(size: TerminalSize(width: 40, height: 12), kind: .replay))
        #expect(layout.panel == nil)
        #expect(layout.summary?.y == 8)
        #expect(layout.map.height == 8 && layout.map.width == 40)
    }

    @Test func belowTheMinimumThereIsNoLayout() {
        #expect(TripScreenLayout.compute(size: TerminalSize(width: 29, height: 20), kind: .rider) == nil)
        #expect(TripScreenLayout.compute(size: TerminalSize(width: 80, height: 7), kind: .rider) == nil)
        #expect(TripScreenLayout.compute(size: TerminalSize(width: 1, height: 1), kind: .replay) == nil)
    }
}
