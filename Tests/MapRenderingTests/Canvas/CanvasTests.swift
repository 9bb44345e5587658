import TerminalCore
import Testing

@testable import MapRendering

@Suite struct CanvasTests {
    func composed(_ canvas: Canvas, theme: MapTheme = .color256) -> CellBuffer {
        var buffer = CellBuffer(width: canvas.columns, height: canvas.rows)
        canvas.compose(into: &buffer, theme: theme)
        return buffer
    }

    @Test func brailleSetsTheUnicodeDotBitsAndOneColourPerCell() {
        var canvas = Canvas(columns: 2, rows: 1, marker: .braille)
        canvas.setDot(x: 0, y: 0, role: .roadLocal)  // dot 1
        canvas.setDot(x: 1, y: 3, role: .route)  // dot 8
        canvas.setDot(x: 2, y: 1, role: .trail)  // dot 2 of the second cell
        let buffer = composed(canvas)
        #expect(buffer.lines == ["\u{2881}\u{2802}"])
        #expect(buffer[0, 0].style == MapTheme.color256.style(for: .route))  // the higher layer colours the cell
        #expect(buffer[1, 0].style == MapTheme.color256.style(for: .trail))
    }

    @Test func halfBlocksKeepAColourPerHalf() {
        var canvas = Canvas(columns: 4, rows: 1, marker: .halfBlock)
        canvas.setDot(x: 0, y: 0, role: .route)
        canvas.setDot(x: 1, y: 1, role: .route)
        canvas.setDot(x: 2, y: 0, role: .activeRoute)
        canvas.setDot(x: 2, y: 1, role: .trafficJam)
        canvas.setDot(x: 3, y: 0, role: .route)
        canvas.setDot(x: 3, y: 1, role: .route)
        let buffer = composed(canvas)
        #expect(buffer.lines == ["▀▄▀█"])
        let theme = MapTheme.color256
        #expect(buffer[2, 0].style.foreground == theme.style(for: .activeRoute).foreground)
        #expect(buffer[2, 0].style.background == theme.style(for: .trafficJam).foreground)
        // Monochrome has no colours to tell the halves apart: a full block.
        #expect(composed(canvas, theme: .monochrome).lines == ["▀▄██"])
    }

    @Test func asciiPicksTheStrokeByOnScreenDirection() {
        var canvas = Canvas(columns: 9, rows: 9, marker: .ascii)
        canvas.drawLine(from: DotPoint(x: 0.5, y: 0.5), to: DotPoint(x: 8.5, y: 0.5), role: .route)
        canvas.drawLine(from: DotPoint(x: 0.5, y: 2.5), to: DotPoint(x: 0.5, y: 8.5), role: .route)
        // Two columns per row is 45° on screen, since cells are twice as tall.
        canvas.drawLine(from: DotPoint(x: 2.5, y: 5.5), to: DotPoint(x: 6.5, y: 3.5), role: .route)
        canvas.drawLine(from: DotPoint(x: 2.5, y: 6.5), to: DotPoint(x: 6.5, y: 8.5), role: .route)
        let lines = composed(canvas).lines
        #expect(lines[0] == "---------")
        #expect(lines[4].hasPrefix("|"))
        #expect(lines[4].contains("/") && lines[7].contains("\\"))
    }

    @Test func higherRolesWinAndClearEmpties() {
        var canvas = Canvas(columns: 1, rows: 1, marker: .ascii)
        canvas.drawLine(from: DotPoint(x: 0, y: 0), to: DotPoint(x: 0.5, y: 0), role: .activeRoute)
        canvas.drawLine(from: DotPoint(x: 0, y: 0), to: DotPoint(x: 0, y: 0.9), role: .roadPrimary)
        #expect(canvas.role(atDotX: 0, y: 0) == .activeRoute)
        #expect(composed(canvas).lines == ["-"])
        canvas.clear()
        #expect(canvas.isEmpty)
    }
}
