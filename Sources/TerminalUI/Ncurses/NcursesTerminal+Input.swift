import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension NcursesTerminal {
    /// The longest single wait: how late a pending signal may be handled.
    static let longestWait = 100

    /// Waits in slices of at most 100 ms and handles signals between them. Returns `nil` at once while the
    /// terminal is suspended or restored.
    public func readEvent(timeout: Duration?) -> TerminalEvent? {
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now.advanced(by: $0) }
        while phase == .active {
            handlePendingSignals()
            if phase == .active, !queuedEvents.isEmpty { return queuedEvents.removeFirst() }
            guard phase == .active else { return nil }
            var slice = Self.longestWait
            if let deadline {
                let remaining = clock.now.duration(to: deadline).components
                let milliseconds = remaining.seconds * 1000 + remaining.attoseconds / 1_000_000_000_000_000
                slice = Int(max(0, min(Int64(slice), milliseconds)))
            }
            wtimeout(window, Int32(slice))
            let started = clock.now
            var code: wint_t = 0
            let status = wget_wch(window, &code)
            if status == KEY_CODE_YES {
                if let event = keypadEvent(Int32(bitPattern: code)) { return event }
                continue
            }
            if status == OK {
                if let key = Key.fromCharacterCode(UInt32(code)) { return .key(key) }
                continue
            }
            if let deadline, clock.now >= deadline { return nil }
            // ERR well before the slice ended: input at end of file (offscreen) or interrupted. Do not spin.
            let waited = started.duration(to: clock.now)
            if waited < .milliseconds(slice / 2) { _ = napms(Int32(slice / 2)) }
        }
        return nil
    }

    private func keypadEvent(_ code: Int32) -> TerminalEvent? {
        switch code {
        case KEY_RESIZE:
            lastFrame = nil
            let size = self.size
            return .resize(width: size.width, height: size.height)
        case KEY_MOUSE:
            // One KEY_MOUSE can stand for several reports read in one go; getmouse hands them out newest first.
            var reports: [MEVENT] = []
            var report = MEVENT()
            while reports.count < 64, getmouse(&report) == OK { reports.append(report) }
            for report in reports.reversed() {
                if let event = mouseDecoder.decode(state: report.bstate, x: report.x, y: report.y) {
                    queuedEvents.append(.mouse(event))
                }
            }
            return queuedEvents.isEmpty ? nil : queuedEvents.removeFirst()
        default:
            return Key.fromKeypadCode(code).map { .key($0) }
        }
    }

    /// Acts on the signals the relay queued: a termination restores the terminal and dies of the same signal;
    /// SIGTSTP leaves curses mode, stops, and on `fg` repaints; SIGCONT alone (after `kill -STOP`, where the
    /// shell reset the tty modes) re-applies curses' modes and repaints.
    func handlePendingSignals() {
        guard let relay else { return }
        for signal in relay.takePending() {
            switch signal {
            case SIGTSTP:
                suspend()
                SignalRelay.stopProcess()
                relay.discard(SIGCONT)
                resume()
            case SIGCONT:
                guard phase == .active else { continue }
                _ = reset_prog_mode()
                syncSizeWithTerminal()
                forceFullRedraw()
                setDragReporting(true)
            default:
                restore()
                SignalRelay.terminate(with: signal)
            }
        }
    }
}
