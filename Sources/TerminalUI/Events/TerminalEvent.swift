/// Something the user did: a key, a mouse action, or a change of window size.
public enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The window is now `width`×`height` cells. The next frame should be laid out for it; below the screen's
    /// minimum the caller shows a notice instead.
    case resize(width: Int, height: Int)
}
