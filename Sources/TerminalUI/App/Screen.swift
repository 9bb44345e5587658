import TerminalCore

/// One screen of a terminal app — the trip screens, the driver console — run by ``TerminalApp``.
///
/// The loop owns the terminal; a screen turns events into ``ScreenCommand``s and its state into frames, so tests
/// drive it through `TerminalApp.runPending()` on a `MemoryTerminal`. Nothing in `handle` may wait: work that
/// does (a network call, a replay seek) is returned as `.perform`, run off the loop while keys and frames go on,
/// and its result comes back through ``finished(_:)``.
public protocol Screen: AnyObject {
    /// The screen is shown now (first, or after a switch from another): its next frame must be complete.
    func becameCurrent()

    /// Answers one key, mouse or resize event on a terminal of `size`.
    func handle(_ event: TerminalEvent, size: TerminalSize) -> ScreenCommand

    /// An action this screen returned as `.perform` has finished, with a notice to show (nil: nothing to say).
    /// Actions finish one at a time, in the order they were asked for.
    func finished(_ notice: String?)

    /// The frame for `size` at `now`, when it differs from the last one returned; nil leaves the screen as it is.
    /// The loop asks after every batch of events and every finished action, and otherwise after
    /// ``refreshInterval(at:)``.
    func frame(size: TerminalSize, at now: ContinuousClock.Instant) async -> CellBuffer?

    /// How long the loop may go without asking for a frame: short while something moves (the animation's frame
    /// rate), longer for clocks that tick by the second.
    func refreshInterval(at now: ContinuousClock.Instant) -> Duration
}

/// What a screen asks of the loop after an event.
public enum ScreenCommand: Sendable {
    /// Nothing beyond what the screen did itself.
    case none
    /// Leave the loop: the user is done.
    case quit
    /// Show the next screen (the demo's Tab between the rider's map and the driver console).
    case switchScreen
    /// Repaint every cell, whatever the terminal shows (Ctrl-L).
    case redraw
    /// Run this off the loop, after the actions asked for before it; its notice comes back to ``Screen/finished(_:)``.
    case perform(@Sendable () async -> String?)
}
