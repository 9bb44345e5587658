/// A pre-drawn buffer (a map frame) as a widget: its top-left corner at the area's, cut to the area.
extension CellBuffer: Widget {
    public func render(in area: Rect, buffer: inout CellBuffer) {
        buffer.blit(self, x: area.x, y: area.y, clippedTo: area)
    }
}
