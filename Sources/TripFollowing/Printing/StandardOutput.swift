import Foundation

/// Lines to standard output for the headless printers, written at once (a script may be reading the pipe).
///
/// When the reader has gone away (`tripterm rider --headless | head -3`), the process ends the way other tools end
/// there, killed by SIGPIPE, rather than by Foundation's trap on a failed `FileHandle.write`: the HTTP stack
/// ignores SIGPIPE, so a write to a closed pipe fails with EPIPE instead of ending the process by itself.
public enum StandardOutput {
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else {
                if errno == EPIPE {
                    signal(SIGPIPE, SIG_DFL)
                    raise(SIGPIPE)
                }
                return  // another failure (a full disk…): the line is dropped, as print would drop it
            }
        }
    }
}
