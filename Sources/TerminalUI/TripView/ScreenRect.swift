/// A rectangle of cells on the screen.
public struct ScreenRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public func contains(x column: Int, y row: Int) -> Bool {
        column >= x && row >= y && column < x + width && row < y + height
    }
}
