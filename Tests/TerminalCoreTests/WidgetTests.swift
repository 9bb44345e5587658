import Testing

@testable import TerminalCore

@Suite struct WidgetTests {
    struct Label: Widget {
        var text: String
        func render(in area: Rect, buffer: inout CellBuffer) {
            buffer.put(text, x: area.x, y: area.y, width: area.width, style: .plain)
        }
    }

    @Test func widgetsDrawInTheirAreaOnly() {
        var buffer = CellBuffer(width: 10, height: 3)
        let rows = Layout.vertical([.length(1), .fill()]).split(buffer.area)
        let columns = Layout.horizontal([.fill(), .length(1), .fill()]).split(rows[1])
        buffer.render(Label(text: "Trip 東京-1"), in: rows[0])
        buffer.render(Fill(Cell("│")), in: columns[1])
        buffer.render(Label(text: "left side"), in: columns[0])
        buffer.render(Label(text: "right"), in: columns[2])
        #expect(buffer.lines == ["Trip 東京…", "left…│rig…", "     │    "])
    }

    @Test func aBufferDrawsItselfCutToTheArea() {
        var map = CellBuffer(width: 4, height: 2, fill: Cell("⣿"))
        map.put("本", x: 2, y: 0)
        var buffer = CellBuffer(width: 6, height: 3)
        buffer.render(map, in: Rect(x: 1, y: 1, width: 3, height: 5))
        #expect(buffer.lines == ["      ", " ⣿⣿   ", " ⣿⣿⣿  "])
    }
}
