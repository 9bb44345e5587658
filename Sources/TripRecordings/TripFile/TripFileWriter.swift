import FleetModel
import Foundation
import TrackFormats

/// Appends a trip file line by line, each line in one `write(2)`, so a crash can tear at most the line being
/// written and never an earlier one; a line a failed write tore (a full disk) is cut off again, so the file stays
/// whole up to its last complete line and later lines follow on cleanly. `sync()` makes what was written durable
/// (`fsync`); the recorder calls it at least once a second.
public final class TripFileWriter {
    public let path: String
    private let fd: Int32
    private var unsynced = false
    /// Where the next line begins: the end of the last complete one.
    private var end: off_t = 0
    /// `write(2)`, or a test's fault-injecting stand-in.
    private let writeBytes: (Int32, UnsafeRawPointer, Int) -> Int

    /// Creates (or truncates) the file and writes the header.
    public convenience init(
        path: String, tripName: TripName, source: String, created: ProtoTimestamp, generator: String
    ) throws(InputError) {
        try self.init(
            path: path, tripName: tripName, source: source, created: created, generator: generator,
            writeBytes: { write($0, $1, $2) })
    }

    init(
        path: String, tripName: TripName, source: String, created: ProtoTimestamp, generator: String,
        writeBytes: @escaping (Int32, UnsafeRawPointer, Int) -> Int
    ) throws(InputError) {
        self.path = path
        self.writeBytes = writeBytes
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw InputError(path: path, message: "cannot create: \(String(cString: strerror(errno)))")
        }
        let header = TripFileHeader(trip: tripName.description, source: source, created: created, generator: generator)
        try writeLine(header)
        try sync()
    }

    deinit { close(fd) }

    public func append(_ event: TripEvent) throws(InputError) {
        try writeLine(TripFileEventLine(event))
    }

    /// Flushes written lines to the disk; a no-op when nothing was written since the last call.
    public func sync() throws(InputError) {
        guard let pending = takePendingSync() else { return }
        try pending.run()
    }

    /// What ``sync()`` would make durable, as an `fsync` that may run on another thread (the recorder's, off the
    /// cooperative pool) while lines go on being appended: nil when nothing was written since the last one. Lines
    /// appended meanwhile are left for the next.
    public func takePendingSync() -> PendingSync? {
        guard unsynced else { return nil }
        unsynced = false
        return PendingSync(writer: self)
    }

    /// An `fsync` of the file, holding the writer (and so its descriptor) until it has run.
    public struct PendingSync: @unchecked Sendable {
        let writer: TripFileWriter

        public func run() throws(InputError) {
            guard fsync(writer.fd) == 0 else {
                throw InputError(path: writer.path, message: "fsync failed: \(String(cString: strerror(errno)))")
            }
        }
    }

    public var hasUnsyncedLines: Bool { unsynced }

    private func writeLine(_ value: some ProtoMessage) throws(InputError) {
        var line: [UInt8]
        do {
            line = try ProtoJSON.bytes(of: value)
        } catch {
            throw InputError(path: path, message: "cannot encode a line: \(error)")
        }
        line.append(0x0A)
        let failure: Int32? = line.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = writeBytes(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
        if let failure {
            // Whatever part of the line got out is cut off, so the next line starts where this one should have.
            if ftruncate(fd, end) == 0 { lseek(fd, end, SEEK_SET) }
            throw InputError(path: path, message: "write failed: \(String(cString: strerror(failure)))")
        }
        end += off_t(line.count)
        unsynced = true
    }

    /// Writes a whole recording (for `tripterm export --to trip`).
    public static func save(_ recording: TripRecording, to path: String, generator: String) throws(InputError) {
        let writer = try TripFileWriter(
            path: path, tripName: recording.tripName, source: recording.source,
            created: recording.created ?? ProtoTimestamp(Date()), generator: generator)
        for event in recording.events { try writer.append(event) }
        try writer.sync()
    }
}
