import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What it takes to give the terminal back without ncurses: the escape sequences `endwin` would send (mouse
/// off, attributes off, cursor on, keypad off, main screen) and the tty modes from before curses started.
///
/// Used only when the normal path cannot run: the process calls `exit()` with the screen open, or the event loop
/// does not pick up SIGTERM/SIGINT/SIGHUP within the grace period (it is blocked elsewhere). It only writes to a
/// file descriptor and calls `tcsetattr`, so it is safe from any thread.
struct EmergencyRestore: Sendable {
    let fileDescriptor: Int32
    let sequence: [UInt8]
    let modes: TTYModes?

    /// Captures the current terminal's capabilities; call with the ncurses screen current.
    init(fileDescriptor: Int32, modes: TTYModes?, mouse: Bool) {
        var text = mouse ? "\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?1000l" : ""
        for name in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if let value = cn_string_capability(name) { text += Self.withoutPadding(String(cString: value)) }
        }
        self.fileDescriptor = fileDescriptor
        self.sequence = Array(text.utf8)
        self.modes = modes
    }

    func perform() {
        sequence.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        modes?.apply(to: fileDescriptor)
    }

    /// terminfo delays (`$<5>`) are for tputs, not for the terminal.
    private static func withoutPadding(_ capability: String) -> String {
        var bytes: [UInt8] = []
        var rest = Array(capability.utf8)[...]
        while let first = rest.first {
            if first == UInt8(ascii: "$"), rest.dropFirst().first == UInt8(ascii: "<"),
                let close = rest.firstIndex(of: UInt8(ascii: ">"))
            {
                rest = rest[(close + 1)...]
            } else {
                bytes.append(first)
                rest = rest.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A tty's saved `termios`, as bytes so the value is trivially `Sendable`.
struct TTYModes: Sendable {
    private let storage: [UInt8]

    /// The modes of `fileDescriptor` now, or `nil` when it is not a tty.
    init?(of fileDescriptor: Int32) {
        var modes = termios()
        guard tcgetattr(fileDescriptor, &modes) == 0 else { return nil }
        storage = withUnsafeBytes(of: &modes) { Array($0) }
    }

    func apply(to fileDescriptor: Int32) {
        var modes = termios()
        withUnsafeMutableBytes(of: &modes) { $0.copyBytes(from: storage) }
        _ = tcsetattr(fileDescriptor, TCSANOW, &modes)
    }
}
