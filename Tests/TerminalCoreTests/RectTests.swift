import Testing

@testable import TerminalCore

@Suite struct RectTests {
    @Test func intersectionsAndInsets() {
        let a = Rect(x: 0, y: 0, width: 10, height: 5)
        #expect(a.intersection(Rect(x: 8, y: 3, width: 10, height: 10)) == Rect(x: 8, y: 3, width: 2, height: 2))
        #expect(a.intersection(Rect(x: 20, y: 0, width: 1, height: 1)).isEmpty)
        #expect(a.inset(left: 1, right: 1) == Rect(x: 1, y: 0, width: 8, height: 5))
        #expect(a.inset(left: 20).width == 0)
        #expect(a.row(4) == Rect(x: 0, y: 4, width: 10, height: 1))
    }
}
