/// A mouse action at a cell (column `x`, row `y`, both from 0 at the top left).
///
/// Presses and releases come separately (no click synthesis, so there is no click delay); a drag is a move
/// with a button held, reported between its press and its release.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        case press(MouseButton)
        case drag(MouseButton)
        case release(MouseButton)
        case wheelUp
        case wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

/// A mouse button that can be pressed, dragged with and released.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right
}
