import TerminalCore

/// A terminal in memory, for testing screens and event loops without ncurses: it keeps the last frame drawn,
/// counts frames, and replays events queued with `send(_:)`.
public final class MemoryTerminal: Terminal {
    public private(set) var size: TerminalSize
    /// The last frame drawn, clipped to the size (blank before the first frame).
    public private(set) var screen: CellBuffer
    public private(set) var frameCount = 0
    public private(set) var fullRedraws = 0
    public private(set) var isSuspended = false
    public private(set) var isRestored = false
    private var events: [TerminalEvent] = []

    public init(width: Int = 80, height: Int = 24) {
        size = TerminalSize(width: width, height: height)
        screen = CellBuffer(width: width, height: height)
    }

    /// None: events come only from the queue.
    public var inputDescriptor: Int32? { nil }

    /// Queues an event for `readEvent`.
    public func send(_ event: TerminalEvent) { events.append(event) }

    /// Queues key presses for the characters of `text`.
    public func type(_ text: String) {
        for character in text { events.append(.key(.character(character))) }
    }

    /// Changes the size, as a window resize would, and queues the resize event.
    public func resize(width: Int, height: Int) {
        size = TerminalSize(width: width, height: height)
        screen = CellBuffer(width: width, height: height)
        events.append(.resize(width: width, height: height))
    }

    public func draw(_ buffer: CellBuffer) {
        var shown = CellBuffer(width: size.width, height: size.height)
        for y in 0..<size.height {
            for x in 0..<size.width { shown[x, y] = buffer[x, y] }
        }
        screen = shown
        frameCount += 1
    }

    /// The next queued event; never waits (`timeout` is ignored, an empty queue gives `nil` at once).
    public func readEvent(timeout: Duration?) -> TerminalEvent? {
        events.isEmpty ? nil : events.removeFirst()
    }

    public func forceFullRedraw() { fullRedraws += 1 }
    public func suspend() { isSuspended = true }

    public func resume() {
        isSuspended = false
        fullRedraws += 1
    }

    public func restore() { isRestored = true }
}
