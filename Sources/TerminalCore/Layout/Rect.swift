/// A rectangle of cells: where a widget draws. Widths and heights are never negative.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The column just right of the rectangle.
    public var right: Int { x + width }
    /// The row just below the rectangle.
    public var bottom: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public func contains(x column: Int, y row: Int) -> Bool {
        column >= x && row >= y && column < x + width && row < y + height
    }

    /// The part of both rectangles (empty, at this one's origin, when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(self.right, other.right), bottom = min(self.bottom, other.bottom)
        guard right > left, bottom > top else { return Rect(x: x, y: y, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The rectangle shrunk by the given margins (never below zero size).
    public func inset(left: Int = 0, right: Int = 0, top: Int = 0, bottom: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// Row `index` of the rectangle, one cell high.
    public func row(_ index: Int) -> Rect { Rect(x: x, y: y + index, width: width, height: 1) }
}
