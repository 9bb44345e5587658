import Testing

@testable import MapRendering

@Suite struct ClippingTests {
    func clip(_ a: (Double, Double), _ b: (Double, Double)) -> (DotPoint, DotPoint)? {
        LineClipping.clip(DotPoint(x: a.0, y: a.1), DotPoint(x: b.0, y: b.1), minX: 0, minY: 0, maxX: 10, maxY: 10)
    }

    @Test func linesFarOutsideAreRejected() {
        #expect(clip((-1e9, -5), (1e9, -5)) == nil)
        #expect(clip((20, 0), (30, 10)) == nil)
        #expect(clip((-5, 20), (20, 12)) == nil)  // passes the corner outside
    }

    @Test func crossingLinesAreCutAtTheEdges() {
        let (a, b) = clip((-10, 5), (20, 5))!
        #expect(a == DotPoint(x: 0, y: 5) && b == DotPoint(x: 10, y: 5))
        let (c, d) = clip((-1e12, -1e12), (1e12, 1e12))!
        #expect(abs(c.x) < 1e-3 && abs(c.y) < 1e-3 && abs(d.x - 10) < 1e-3 && abs(d.y - 10) < 1e-3)
    }

    @Test func insideLinesAreKeptAndDegenerateOnesToo() {
        let (a, b) = clip((1, 2), (3, 4))!
        #expect(a == DotPoint(x: 1, y: 2) && b == DotPoint(x: 3, y: 4))
        let (p, q) = clip((5, 5), (5, 5))!
        #expect(p == q)
        #expect(clip((50, 5), (50, 5)) == nil)
        #expect(clip((.nan, 1), (2, 2)) == nil)
        #expect(clip((.infinity, 1), (2, 2)) == nil)
    }

    @Test func theCanvasDrawsOnlyTheVisiblePartOfAHugeLine() {
        var canvas = Canvas(columns: 10, rows: 5, marker: .braille)
        canvas.drawLine(from: DotPoint(x: -1e15, y: 10.5), to: DotPoint(x: 1e15, y: 10.5), role: .route)
        for x in 0..<canvas.dotWidth { #expect(canvas.role(atDotX: x, y: 10) == .route) }
        #expect(canvas.role(atDotX: 0, y: 9) == nil)
        var empty = Canvas(columns: 10, rows: 5, marker: .ascii)
        empty.drawLine(from: DotPoint(x: -100, y: -100), to: DotPoint(x: -1, y: 50), role: .route)
        #expect(empty.isEmpty)
    }
}
