/// A position on a canvas in dots (sub-cell pixels), x right and y down; dot (i, j) covers [i, i+1) × [j, j+1).
public struct DotPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
