import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for input on the terminal's descriptor on a thread of its own and wakes the app loop when some arrives,
/// so the loop's waits never hold a thread of Swift's cooperative pool (ncurses' `wget_wch` would, for up to
/// 100 ms a wait). Only `poll` runs here: reading and decoding stay with the loop, which owns ncurses, since
/// ncurses is not thread-safe.
///
/// It reports once per `arm()`: the loop arms it before each wait and reads everything queued after a wake-up.
/// Input that `poll` shows but that has no bytes (end of file, a hang-up) is not reported; the thread then waits
/// a tenth of a second before looking again, rather than spinning.
final class InputWatcher: @unchecked Sendable {
    // `armed`, `stopping` and `exited` are only touched with `condition` locked.
    private let condition = NSCondition()
    private var armed = false
    private var stopping = false
    private var exited = false
    private let descriptor: Int32
    private let wakeup: LoopWakeup
    /// Written to once, by `stop()`, to end a `poll` at once.
    private let stopPipe: (read: Int32, write: Int32)

    /// Starts watching `descriptor`; nil when the thread's stop pipe cannot be made.
    init?(descriptor: Int32, wakeup: LoopWakeup) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        self.descriptor = descriptor
        self.wakeup = wakeup
        stopPipe = (ends[0], ends[1])
        let thread = Thread { [self] in watch() }
        thread.name = "tripterm.terminal-input"
        thread.start()
    }

    /// Asks for one wake-up when input is there (at once if it already is).
    func arm() {
        condition.lock()
        armed = true
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread and waits for it (a few microseconds: it is woken through the pipe).
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        condition.lock()
        while !exited { condition.wait() }
        condition.unlock()
        close(stopPipe.read)
        close(stopPipe.write)
    }

    private func watch() {
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            condition.lock()
            while !armed && !stopping { condition.wait() }
            let stop = stopping
            condition.unlock()
            if stop { break }
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            guard poll(&descriptors, 2, -1) > 0, descriptors[1].revents == 0 else { continue }
            guard descriptors[0].revents != 0 else { continue }
            if hasBytes() {
                condition.lock()
                armed = false
                condition.unlock()
                wakeup.post()
            } else {
                usleep(100_000)
            }
        }
        condition.lock()
        exited = true
        condition.broadcast()
        condition.unlock()
    }

    private func hasBytes() -> Bool {
        var count: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &count) == 0 && count > 0
    }
}
