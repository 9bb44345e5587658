import MapRendering
import TerminalCore

/// The fleet map: the base map frame, every shown vehicle's glyph at its cell through `viewport`, the selected one
/// reversed and drawn last so that it is never hidden under another, and a tag while the camera does not fit the
/// fleet.
struct FleetMapView: Widget {
    var map: CellBuffer?
    var viewport: Viewport?
    var rows: [FleetRow]
    var selected: String?
    var isFitting: Bool
    var glyphs: FleetGlyphs
    var styles: ScreenStyles
    var ascii: Bool

    func render(in area: Rect, buffer: inout CellBuffer) {
        if let map { buffer.render(map, in: area) }
        if let viewport {
            let cells = CellLocator(viewport)
            var chosen: Int?
            rows.withUnsafeBufferPointer { rows in
                // By index: `for row in rows` copied every row out of the array each frame.
                for index in rows.indices {
                    if rows[index].name == selected {
                        chosen = index
                        continue
                    }
                    draw(rows[index], selected: false, cells: cells, area: area, buffer: &buffer)
                }
            }
            if let chosen { draw(rows[chosen], selected: true, cells: cells, area: area, buffer: &buffer) }
        }
        guard !isFitting else { return }
        let tag = ascii ? " free camera - f fits the fleet " : " free camera · f fits the fleet "
        let width = min(tag.displayWidth, area.width)
        buffer.put(tag, x: area.right - width, y: area.y, width: width, style: styles.bar, ascii: ascii)
    }

    private func draw(_ row: FleetRow, selected: Bool, cells: CellLocator, area: Rect, buffer: inout CellBuffer) {
        guard let projected = row.projected, let cell = cells.cell(of: projected) else { return }
        let x = area.x + cell.column, y = area.y + cell.row
        guard area.contains(x: x, y: y) else { return }
        var style = glyphs.style(for: row.state)
        if style.background == .default { style.background = buffer[x, y].style.background }
        if selected { style.attributes.insert(.reverse) }
        buffer[x, y] = Cell(glyphs.glyph(for: row), style: style)
    }
}
