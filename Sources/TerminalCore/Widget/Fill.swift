/// An area filled with one cell: a background, or a border line when the area is one cell thick.
public struct Fill: Widget, Hashable, Sendable {
    public var cell: Cell

    public init(_ cell: Cell) { self.cell = cell }

    public func render(in area: Rect, buffer: inout CellBuffer) { buffer.fill(area, with: cell) }
}
