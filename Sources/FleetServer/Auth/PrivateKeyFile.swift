import Foundation

/// The server key's file on disk: made readable by its owner alone from its first byte, and refused when anyone else
/// can read or write it — whoever reads the key can mint any token the server accepts, and whoever writes it can
/// put in a key of their own.
enum PrivateKeyFile {
    /// Group and others' read and write bits.
    private static let othersAccess: mode_t = 0o066

    /// Creates `path` holding `contents`, or returns false when a file is already there (another process started at
    /// the same moment and wrote its key first). The file is written 0600 under a temporary name beside it, synced,
    /// then linked into place: never readable by others, never seen half-written, and — link, unlike rename, failing
    /// when the name is taken — never replacing a key.
    static func create(at path: String, contents: Data) throws -> Bool {
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).partial"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create", temporary) }
        defer { unlink(temporary) }
        let written = contents.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        let synced = written && fsync(descriptor) == 0
        close(descriptor)
        guard synced else { throw failure("cannot write", temporary) }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return false }
            throw failure("cannot create", path)
        }
        return true
    }

    /// Throws when group or others can read or write the file at `path`, with the command that fixes it.
    static func checkPermissions(of path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure("cannot read", path) }
        let mode = status.st_mode & 0o777
        guard mode & othersAccess == 0 else {
            throw FleetServerSetupError(
                "the server key \(path) can be read or written by other users (mode \(String(format: "%04o", Int(mode)))): anyone who reads it can mint tokens; run chmod 600 \(path)"
            )
        }
    }

    private static func failure(_ what: String, _ path: String) -> FleetServerSetupError {
        FleetServerSetupError("\(what) \(path): \(String(cString: strerror(errno)))")
    }
}
