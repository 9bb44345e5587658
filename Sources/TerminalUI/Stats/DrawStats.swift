/// What drawing has cost so far: frames, the cells handed to ncurses, and — when the output is a regular file,
/// as for offscreen terminals and benchmarks — the bytes ncurses wrote. This is how "bytes per vehicle-only
/// frame" is measured: draw the base frame, then the moved frame, and read `lastFrameBytes`.
public struct DrawStats: Hashable, Sendable {
    /// Frames drawn with `draw(_:)`.
    public internal(set) var frames = 0
    /// Cells passed to ncurses over all frames (cells equal to the previous frame are skipped).
    public internal(set) var cellsWritten = 0
    /// Cells passed to ncurses for the last frame.
    public internal(set) var lastFrameCells = 0
    /// Bytes ncurses has written, first frame's set-up included; `nil` when the output is not a regular file
    /// (a real terminal cannot be measured this way).
    public internal(set) var bytesWritten: Int?
    /// Bytes the last frame produced; `nil` when unmeasurable.
    public internal(set) var lastFrameBytes: Int?
    /// Wall time of the last `draw(_:)`, composing the window and the update included.
    public internal(set) var lastFrameDuration: Duration = .zero
    /// Colour pairs allocated so far.
    public internal(set) var colorPairs = 0
    /// Cells drawn with a substitute colour pair because the terminal had no pair left.
    public internal(set) var colorPairFallbacks = 0

    public init() {}
}
