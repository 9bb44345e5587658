import TerminalCore

/// The one event loop every screen runs in: it reads keys, mouse and resizes, asks the current ``Screen`` for a
/// frame when something happened or its refresh interval passed, runs the screen's slow actions off the loop and
/// hands their results back, switches screens, and draws only frames that changed.
///
/// ```swift
/// try await TerminalGuard.run(options: options) { terminal in
///     await TerminalApp(terminal: terminal, screens: [riderScreen, driverConsole]).run()
/// }
/// ```
///
/// How it waits: input is watched by a thread of its own (`InputWatcher`, over the terminal's input descriptor),
/// so no wait blocks a thread of Swift's cooperative pool; the loop itself sleeps on ``LoopWakeup`` until input,
/// a finished action or the next frame is due, in slices of at most 100 ms. Between slices it reads the terminal
/// with a zero timeout, which is also where the terminal acts on signals (`NcursesTerminal` restores and exits on
/// SIGINT/SIGTERM/SIGHUP/SIGQUIT, stops and repaints on Ctrl-Z), so a signal waits at most 100 ms, as before.
/// A screen that animates asks for frames every 100 ms (`TripAppOptions.frameInterval`): 10 frames a second at
/// most; an idle one draws nothing.
public final class TerminalApp {
    /// The longest wait between two looks at the terminal: how late a signal may be handled.
    static let longestWait = Duration.milliseconds(100)

    private let terminal: any Terminal
    private let screens: [any Screen]
    private var current = 0
    private var started = false
    private let wakeup = LoopWakeup()
    private let actions: ActionQueue
    private let clock = ContinuousClock()
    /// Frames drawn, for tests and the idle check.
    public private(set) var framesDrawn = 0

    /// A loop over `screens`, the first shown first; `.switchScreen` goes to the next, round.
    public init(terminal: any Terminal, screens: [any Screen]) {
        precondition(!screens.isEmpty, "a terminal app needs a screen")
        self.terminal = terminal
        self.screens = screens
        actions = ActionQueue(wakeup: wakeup)
    }

    public convenience init(terminal: any Terminal, screen: any Screen) {
        self.init(terminal: terminal, screens: [screen])
    }

    private var screen: any Screen { screens[current] }

    /// Runs until a screen quits; the action under way then, if any, is waited for (so what the caller does next
    /// cannot be undone by it), the ones still queued are dropped.
    public func run() async {
        let watcher = terminal.inputDescriptor.flatMap { InputWatcher(descriptor: $0, wakeup: wakeup) }
        defer { watcher?.stop() }
        begin()
        var nextFrame = clock.now
        while true {
            let (handled, quit) = handleEvents()
            if quit { break }
            let finished = deliverResults()
            if handled || finished || clock.now >= nextFrame {
                await drawFrame()
                nextFrame = clock.now.advanced(by: screen.refreshInterval(at: clock.now))
            }
            watcher?.arm()
            await wakeup.wait(timeout: max(.zero, min(Self.longestWait, clock.now.duration(to: nextFrame))))
        }
        actions.dropWaiting()
        while !actions.isIdle {
            _ = terminal.readEvent(timeout: .zero)  // still acts on signals
            watcher?.arm()
            await wakeup.wait(timeout: Self.longestWait)
        }
    }

    /// Handles every queued event, waits for the actions they started (unless told not to), and draws once if the
    /// screen changed, without waiting for input: for tests driving a `MemoryTerminal`. Returns false once a
    /// screen quit.
    public func runPending(waitingForActions: Bool = true) async -> Bool {
        begin()
        let (_, quit) = handleEvents()
        if quit { return false }
        if waitingForActions { await actions.waitUntilIdle() }
        _ = deliverResults()
        await drawFrame()
        return true
    }

    private func begin() {
        guard !started else { return }
        started = true
        screen.becameCurrent()
    }

    /// Every event the terminal has queued, answered by the current screen.
    private func handleEvents() -> (handled: Bool, quit: Bool) {
        var handled = false
        while let event = terminal.readEvent(timeout: .zero) {
            handled = true
            switch screen.handle(event, size: terminal.size) {
            case .none: break
            case .quit: return (true, true)
            case .redraw: terminal.forceFullRedraw()
            case .perform(let work): actions.start(for: current, work)
            case .switchScreen:
                current = (current + 1) % screens.count
                terminal.forceFullRedraw()
                screen.becameCurrent()
            }
        }
        return (handled, false)
    }

    /// Hands finished actions' notices to the screens that asked; returns whether there were any.
    private func deliverResults() -> Bool {
        let results = actions.takeFinished()
        for result in results { screens[result.screen].finished(result.notice) }
        return !results.isEmpty
    }

    private func drawFrame() async {
        guard let frame = await screen.frame(size: terminal.size, at: clock.now) else { return }
        terminal.draw(frame)
        framesDrawn += 1
    }
}
