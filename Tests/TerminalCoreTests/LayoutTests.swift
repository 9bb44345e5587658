import Testing

@testable import TerminalCore

@Suite struct LayoutTests {
    let area = Rect(x: 2, y: 1, width: 100, height: 30)

    @Test func fixedPartsKeepTheirSizeAndFillTakesTheRest() {
        let rows = Layout.vertical([.fill(), .length(1), .length(1)]).split(area)
        #expect(
            rows == [
                Rect(x: 2, y: 1, width: 100, height: 28), Rect(x: 2, y: 29, width: 100, height: 1),
                Rect(x: 2, y: 30, width: 100, height: 1),
            ])
        let columns = Layout.horizontal([.fill(), .length(34)]).split(area)
        #expect(columns.map(\.width) == [66, 34] && columns[1].x == 68)
    }

    @Test func fillsShareByWeightAndEarlierPartsTakeTheOddCells() {
        #expect(Layout.horizontal([.fill(1), .fill(2)]).sizes(total: 30) == [10, 20])
        #expect(Layout.horizontal([.fill(), .fill(), .fill()]).sizes(total: 10) == [4, 3, 3])
        #expect(Layout.horizontal([.length(4), .fill(), .length(4)]).sizes(total: 10) == [4, 2, 4])
    }

    @Test func minimumsGrowOnlyWhenNothingFills() {
        #expect(Layout.vertical([.min(3), .length(2), .min(1)]).sizes(total: 10) == [5, 2, 3])
        #expect(Layout.vertical([.min(3), .fill()]).sizes(total: 10) == [3, 7])
    }

    @Test func ratiosAreOfTheWholeArea() {
        #expect(Layout.horizontal([.ratio(1, 3), .fill()]).sizes(total: 100) == [33, 67])
        #expect(Layout.horizontal([.ratio(1, 0), .fill()]).sizes(total: 10) == [0, 10])
    }

    @Test func whenTooSmallTheLastPartsGiveWayFirst() {
        #expect(Layout.vertical([.fill(), .length(7), .length(1), .length(1)]).sizes(total: 5) == [0, 5, 0, 0])
        #expect(Layout.vertical([.length(3), .length(3)]).sizes(total: 4) == [3, 1])
        #expect(Layout.vertical([.fill(), .length(2)]).sizes(total: 0) == [0, 0])
    }
}
