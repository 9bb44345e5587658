/// Something drawn into part of a frame, as ratatui's widgets are: given a rectangle of a `CellBuffer`, it draws
/// there and nowhere else. A screen is then a ``Layout`` of areas and the widgets drawn in them, each a plain
/// value that can be tested on its own buffer.
///
/// ```swift
/// struct Title: Widget {
///     var text: String
///     func render(in area: Rect, buffer: inout CellBuffer) {
///         buffer.put(text, x: area.x, y: area.y, width: area.width, style: .plain)
///     }
/// }
/// buffer.render(Title(text: "Trip t1"), in: rows[0])
/// ```
public protocol Widget {
    /// Draws into `area` of `buffer`; `area` lies inside the buffer and may be empty.
    func render(in area: Rect, buffer: inout CellBuffer)
}

extension CellBuffer {
    /// Draws `widget` in `area`, cut to the buffer.
    public mutating func render(_ widget: some Widget, in area: Rect) {
        widget.render(in: area.intersection(self.area), buffer: &self)
    }
}
