import CNcursesw
import Synchronization
import TerminalCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal, through ncursesw: the only type in tripterm that talks to ncurses.
///
/// Frames are written cell by cell with `setcchar` + `mvwadd_wch` (cells equal to the previous frame are
/// skipped) and shown with one `wnoutrefresh` + `doupdate`, so ncurses compares against its picture of the
/// screen and sends only the difference, in one write. Opening never lets ncurses exit the process: a missing or
/// unknown `$TERM` is a thrown `TerminalError`. While open, SIGINT/SIGTERM/SIGHUP/SIGQUIT restore the terminal,
/// then kill the process with the same signal, and Ctrl-Z leaves curses mode, stops, and repaints on `fg` (see
/// `SignalRelay`). Use it through `TerminalGuard.run` so every exit path restores the terminal.
///
/// ncurses has one current screen per process, so only one `NcursesTerminal` may be open at a time.
public final class NcursesTerminal: Terminal {
    public let options: TerminalOptions
    /// The terminfo name in use.
    public let terminalType: String
    /// Whether the locale is UTF-8, so Braille and box drawing can be shown; when not, callers should switch to
    /// ASCII rendering (such cells would show as `?`).
    public let isUTF8: Bool
    /// Whether this is an offscreen terminal (tests, benchmarks) rather than the user's.
    public let isOffscreen: Bool
    /// How many colours the terminal shows (0 when colour is off or unsupported): picks the screens' `ColorMode`.
    public var colorCount: Int { colors.usesColor ? colors.colorCount : 0 }
    /// Frames and bytes so far.
    public internal(set) var stats = DrawStats()
    /// The descriptor ncurses reads input from (a duplicate of standard input's, or the offscreen input's).
    public let inputDescriptor: Int32?

    enum Phase { case active, suspended, restored }

    let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    let outputDescriptor: Int32
    let outputIsMeasurable: Bool
    let relay: SignalRelay?
    let colors: ColorResolver
    let reportsDrags: Bool
    var phase = Phase.active
    var colorPairs: ColorPairCache
    var lastFrame: CellBuffer?
    var mouseDecoder = MouseDecoder()
    /// Events decoded but not yet returned (ncurses hands over a burst of mouse reports at once).
    var queuedEvents: [TerminalEvent] = []
    private let outputFile: UnsafeMutablePointer<FILE>
    private let inputFile: UnsafeMutablePointer<FILE>

    private static let isOpen = Atomic<Bool>(false)

    /// Opens the user's terminal (standard input and output) as `$TERM` describes it.
    ///
    /// - Parameter termVariable: the terminal type; the default reads `$TERM` (tests pass their own).
    /// - Throws: `TerminalError` when `$TERM` is missing, unknown or cannot address the cursor, when standard
    ///   input or output is not a terminal, or when a terminal is already open.
    public convenience init(
        options: TerminalOptions = TerminalOptions(), termVariable: String? = environmentTerm()
    )
        throws
    {
        guard let type = termVariable, !type.isEmpty else { throw TerminalError.missingTermVariable }
        try Self.claim()
        let handles: Handles
        do {
            try Self.probe(type)
            guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal }
            let relay = options.handleSignals ? SignalRelay.shared : nil
            relay?.install()
            let output = try Self.open(descriptor: STDOUT_FILENO, mode: "w", name: "standard output")
            let input: UnsafeMutablePointer<FILE>
            do {
                input = try Self.open(descriptor: STDIN_FILENO, mode: "r", name: "standard input")
            } catch {
                fclose(output)
                throw error
            }
            handles = Handles(
                type: type, output: output, input: input, offscreen: nil, relay: relay,
                modes: TTYModes(of: STDIN_FILENO))
        } catch {
            Self.isOpen.store(false, ordering: .sequentiallyConsistent)
            throw error
        }
        try self.init(handles, options: options)
    }

    /// Opens an offscreen terminal: ncurses drawing for a terminal type into a file, without a tty or `$TERM`.
    public convenience init(offscreen setup: OffscreenSetup, options: TerminalOptions = TerminalOptions()) throws {
        try Self.claim()
        let handles: Handles
        do {
            try Self.probe(setup.terminalType)
            let path = setup.outputPath ?? "/dev/null"
            guard let output = fopen(path, "w") else { throw TerminalError.cannotOpen(path: path, errno: errno) }
            let input: UnsafeMutablePointer<FILE>
            do {
                if let descriptor = setup.inputFileDescriptor {
                    input = try Self.open(descriptor: descriptor, mode: "r", name: "input descriptor \(descriptor)")
                } else if let file = fopen("/dev/null", "r") {
                    input = file
                } else {
                    throw TerminalError.cannotOpen(path: "/dev/null", errno: errno)
                }
            } catch {
                fclose(output)
                throw error
            }
            handles = Handles(
                type: setup.terminalType, output: output, input: input, offscreen: setup, relay: nil, modes: nil)
        } catch {
            Self.isOpen.store(false, ordering: .sequentiallyConsistent)
            throw error
        }
        try self.init(handles, options: options)
    }

    /// `$TERM`, or `nil` when unset.
    public static func environmentTerm() -> String? {
        getenv("TERM").map { String(cString: $0) }
    }

    /// Everything opened before ncurses starts; owned by the terminal from `init(_:options:)` on.
    private struct Handles {
        var type: String
        var output: UnsafeMutablePointer<FILE>
        var input: UnsafeMutablePointer<FILE>
        var offscreen: OffscreenSetup?
        var relay: SignalRelay?
        var modes: TTYModes?
    }

    private init(_ handles: Handles, options: TerminalOptions) throws {
        _ = LocaleSetup.isUTF8  // before newterm: ncursesw decides on UTF-8 output when the screen is created
        guard let screen = newterm(handles.type, handles.output, handles.input) else {
            fclose(handles.output)
            fclose(handles.input)
            Self.isOpen.store(false, ordering: .sequentiallyConsistent)
            throw TerminalError.initializationFailed(handles.type)
        }
        set_term(screen)
        self.screen = screen
        self.window = cn_stdscr()
        self.options = options
        self.terminalType = handles.type
        self.isUTF8 = LocaleSetup.isUTF8
        self.isOffscreen = handles.offscreen != nil
        self.outputFile = handles.output
        self.inputFile = handles.input
        self.outputDescriptor = fileno(handles.output)
        self.inputDescriptor = fileno(handles.input)
        self.relay = handles.relay
        var status = stat()
        outputIsMeasurable = fstat(outputDescriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG

        if let setup = handles.offscreen {
            _ = resizeterm(Int32(max(1, setup.height)), Int32(max(1, setup.width)))
            _ = flushinp()  // drop the KEY_RESIZE that resizeterm queues
        }
        _ = cbreak()
        _ = noecho()
        _ = keypad(window, true)
        KeypadAliases.install()
        _ = intrflush(window, false)
        _ = leaveok(window, true)
        _ = curs_set(0)
        _ = set_escdelay(Int32(options.escapeDelayMilliseconds))

        var colorCount = 0
        var defaultColors = false
        if options.colors && has_colors() {
            _ = start_color()
            defaultColors = use_default_colors() == OK
            colorCount = Int(cn_colors())
        }
        colors = ColorResolver(colorCount: colorCount, defaultColors: defaultColors)
        let pairLimit = min(Int(cn_color_pairs()) - 1, options.maxColorPairs ?? Int.max)
        colorPairs = ColorPairCache(limit: colors.usesColor ? pairLimit : 0) { pair, colors in
            init_pair(pair, colors.foreground, colors.background) == OK
        }

        var drags = false
        if options.mouse {
            _ = mouseinterval(0)  // presses and releases as they come: no click synthesis, no click delay
            if mousemask(MouseDecoder.mask, nil) != 0, let kmous = cn_string_capability("kmous") {
                // ncurses asks xterm for press/release only (mode 1000); 1002 adds motion with a button held.
                drags = String(cString: kmous).hasPrefix("\u{1B}[")
            }
        }
        reportsDrags = drags
        setDragReporting(true)
        relay?.arm(EmergencyRestore(fileDescriptor: outputDescriptor, modes: handles.modes, mouse: options.mouse))
    }

    deinit { restore() }

    public var size: TerminalSize {
        TerminalSize(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
    }

    public func forceFullRedraw() {
        guard phase == .active else { return }
        _ = clearok(cn_curscr(), true)
        _ = wnoutrefresh(window)
        _ = doupdate()
    }

    public func suspend() {
        guard phase == .active else { return }
        setDragReporting(false)
        _ = endwin()
        phase = .suspended
    }

    public func resume() {
        guard phase == .suspended else { return }
        phase = .active
        syncSizeWithTerminal()
        forceFullRedraw()
        setDragReporting(true)
    }

    public func restore() {
        guard phase != .restored else { return }
        if phase == .active {
            setDragReporting(false)
            _ = endwin()
        }
        phase = .restored
        delscreen(screen)
        fclose(outputFile)
        fclose(inputFile)
        let unhandled = relay?.disarm()
        Self.isOpen.store(false, ordering: .sequentiallyConsistent)
        // A termination signal that arrived while closing still ends the process, as it would have.
        if let unhandled { SignalRelay.terminate(with: unhandled) }
    }

    /// Resizes an offscreen terminal (a real one follows its window); the next `readEvent` reports it.
    public func resize(width: Int, height: Int) {
        guard isOffscreen, phase == .active, width > 0, height > 0 else { return }
        _ = resizeterm(Int32(height), Int32(width))
        lastFrame = nil
    }

    /// After a stop, the window may have changed size without us seeing SIGWINCH (it goes to the foreground
    /// process group, which was the shell's). `resizeterm` queues the KEY_RESIZE that reports it.
    func syncSizeWithTerminal() {
        guard !isOffscreen else { return }
        var height: Int32 = 0
        var width: Int32 = 0
        guard cn_window_size(outputDescriptor, &height, &width) == 0, is_term_resized(height, width) else { return }
        _ = resizeterm(height, width)
        lastFrame = nil
    }

    /// Mode 1002 (report motion while a button is held) on or off; written directly, after ncurses' own mouse
    /// set-up, because the last mode set wins.
    func setDragReporting(_ on: Bool) {
        guard reportsDrags else { return }
        let sequence = on ? "\u{1B}[?1002h" : "\u{1B}[?1002l"
        _ = sequence.utf8CString.withUnsafeBufferPointer { write(outputDescriptor, $0.baseAddress, $0.count - 1) }
    }

    private static func claim() throws {
        guard isOpen.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged
        else { throw TerminalError.alreadyOpen }
    }

    /// Checks the terminfo entry without creating a screen, so ncurses never prints or exits.
    private static func probe(_ type: String) throws {
        switch cn_probe_terminal(type) {
        case 1: return
        case 2: throw TerminalError.unsupportedTerminal(type)
        case -1: throw TerminalError.noTerminfoDatabase(type)
        default: throw TerminalError.unknownTerminalType(type)
        }
    }

    /// A `FILE` of our own on a duplicate of `descriptor`, so closing it leaves the caller's open.
    private static func open(descriptor: Int32, mode: String, name: String) throws -> UnsafeMutablePointer<FILE> {
        let copy = dup(descriptor)
        guard copy >= 0 else { throw TerminalError.cannotOpen(path: name, errno: errno) }
        guard let file = fdopen(copy, mode) else {
            close(copy)
            throw TerminalError.cannotOpen(path: name, errno: errno)
        }
        return file
    }
}
