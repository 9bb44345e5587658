import FleetModel
import Foundation
import Logging
import NIOConcurrencyHelpers

/// `serve --log-export FILE`: every call the server answers, written to a file as the Cloud Logging entry Google's
/// Fleet Engine would write for it (``LogEntryEncoder``), as JSON Lines or as the document Fleet Debugger loads —
/// what `tripterm replay` and `check` read as they read Google's exports.
///
/// Off the request path: the service layer only hands each call over (``offer(_:)``: a lock and an append), into a
/// queue of at most ``Options/capacity`` calls. A writer on a dispatch queue of its own — not one of Swift's pool
/// threads, which a slow disk would hold — encodes and writes them in batches. When the disk falls behind and the
/// queue is full, a call is dropped rather than waited for, and counted: the count is logged every
/// ``reportInterval`` while it grows and at shutdown (``finish()``).
public final class CallLogExport: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        /// One entry per line: what `gcloud logging read --format=json | jq -c '.[]'` gives.
        case jsonLines = "json-lines"
        /// `{"rawLogs": [entries…], "projectId": …}`, the document Google's Fleet Debugger loads.
        case fleetDebugger = "fleet-debugger"
    }

    public struct Options: Sendable {
        public var path: String
        public var format: Format
        /// The most calls that may wait for the writer; more are dropped and counted.
        public var capacity: Int

        public init(path: String, format: Format = .jsonLines, capacity: Int = 10_000) {
            self.path = path
            self.format = format
            self.capacity = capacity
        }
    }

    /// What the export did.
    public struct Summary: Sendable, Equatable {
        /// Entries written to the file.
        public var written = 0
        /// Calls dropped because the queue was full.
        public var dropped = 0
        /// Entries lost to writes that failed (a full disk); later writes try again.
        public var failed = 0
    }

    /// How often a growing drop count is logged, at most, in seconds of the server's clock.
    static let reportInterval: TimeInterval = 10

    public let options: Options
    private let logger: Logger
    private let clock: @Sendable () -> Date
    private let state = NIOLockedValueBox(State())
    private let queue = DispatchQueue(label: "tripterm.log-export")
    private let file: ExportFile

    private struct State {
        var pending: [LoggedCall] = []
        /// A drain is scheduled or running on `queue`.
        var draining = false
        /// Tests hold the writer to fill the queue.
        var held = false
        var finished = false
        var summary = Summary()
        var droppedSaid = 0
        var lastSaid: Date?
        var failure: String?
    }

    /// Creates (or empties) the file; an error says why it cannot be written.
    public init(
        options: Options, logger: Logger, clock: @escaping @Sendable () -> Date = { Date() }
    ) throws(FleetServerSetupError) {
        self.options = options
        self.logger = logger
        self.clock = clock
        file = try ExportFile(path: options.path, format: options.format)
    }

    // MARK: The request path

    /// Hands a call to the writer without waiting: queued, or dropped and counted when the queue is full.
    func offer(_ call: LoggedCall) {
        let schedule = state.withLockedValue { state -> Bool in
            guard !state.finished else { return false }
            guard state.pending.count < options.capacity else {
                state.summary.dropped += 1
                return false
            }
            state.pending.append(call)
            guard !state.draining, !state.held else { return false }
            state.draining = true
            return true
        }
        if schedule { queue.async { self.drain() } }
    }

    /// Calls waiting for the writer.
    var queued: Int { state.withLockedValue { $0.pending.count } }

    /// What the export has done so far.
    public var summary: Summary { state.withLockedValue { $0.summary } }

    // MARK: The writer

    private func drain() {
        while let batch = takeBatch() {
            write(batch)
            reportDrops(final: false)
        }
    }

    /// The waiting calls, taken all at once; nil (and no drain under way) when there are none or the writer is held.
    private func takeBatch() -> [LoggedCall]? {
        state.withLockedValue { state in
            guard !state.pending.isEmpty, !state.held else {
                state.draining = false
                return nil
            }
            let batch = state.pending
            state.pending = []
            return batch
        }
    }

    /// Writes a batch's entries in one write. A write that fails (a full disk) loses the batch's entries and leaves
    /// the file as it was before it; the next batch tries again, so writing resumes on its own once there is room.
    private func write(_ batch: [LoggedCall]) {
        let received = ProtoTimestamp(clock())
        var bytes: [UInt8] = []
        var count = 0
        for call in batch {
            do {
                try file.append(call, received: received, to: &bytes)
                count += 1
            } catch {
                logger.error("log export: the \(call.method.name) entry could not be encoded: \(error)")
            }
        }
        do {
            try file.write(bytes)
            let lost = state.withLockedValue { state -> Int? in
                state.summary.written += count
                defer { state.failure = nil }
                return state.failure == nil ? nil : state.summary.failed
            }
            if let lost { logger.notice("log export: writing \(options.path) again; \(lost) entries lost in all") }
        } catch {
            file.forget(entries: count)
            let message = "cannot write \(options.path): \(FleetServer.describe(error))"
            let began = state.withLockedValue { state -> Bool in
                defer {
                    state.failure = message
                    state.summary.failed += count
                }
                return state.failure == nil
            }
            if began { logger.error("log export: \(message); entries are lost until it can be written again") }
        }
    }

    /// Logs the calls dropped since the last report, at most every ``reportInterval``, or now when `final`.
    private func reportDrops(final: Bool) {
        let now = clock()
        let report = state.withLockedValue { state -> (new: Int, total: Int)? in
            let new = state.summary.dropped - state.droppedSaid
            guard new > 0, final || state.lastSaid.map({ now.timeIntervalSince($0) >= Self.reportInterval }) ?? true
            else {
                return nil
            }
            state.droppedSaid = state.summary.dropped
            state.lastSaid = now
            return (new, state.summary.dropped)
        }
        guard let report else { return }
        logger.warning(
            "log export: \(report.new) calls not logged: the queue of \(options.capacity) was full (writing \(options.path) is slower than the calls); \(report.total) dropped in all"
        )
    }

    // MARK: Shutting down

    /// Writes what is queued, closes the file (a Fleet Debugger document with its closing bracket) and logs what
    /// was written and dropped. Calls offered afterwards are ignored.
    @discardableResult
    public func finish() async -> Summary {
        let first = state.withLockedValue { state -> Bool in
            defer {
                state.finished = true
                state.held = false
            }
            return !state.finished
        }
        guard first else { return summary }
        let summary = await withCheckedContinuation { continuation in
            queue.async {
                while let batch = self.takeBatch() { self.write(batch) }
                self.reportDrops(final: true)
                do { try self.file.close() } catch {
                    self.logger.error("log export: cannot finish \(self.options.path): \(error)")
                }
                continuation.resume(returning: self.summary)
            }
        }
        var line = "log export: \(summary.written) entries written to \(options.path)"
        if summary.dropped > 0 { line += "; \(summary.dropped) calls dropped because the queue was full" }
        if summary.failed > 0 { line += "; \(summary.failed) lost to write errors" }
        if summary.dropped + summary.failed > 0 {
            logger.warning("\(line)")
        } else {
            logger.info("\(line)")
        }
        return summary
    }

    // MARK: Tests

    /// Stops the writer from taking calls, so that the queue fills.
    func hold() { state.withLockedValue { $0.held = true } }

    /// Lets the writer take calls again.
    func release() {
        let schedule = state.withLockedValue { state -> Bool in
            state.held = false
            guard !state.draining, !state.pending.isEmpty else { return false }
            state.draining = true
            return true
        }
        if schedule { queue.async { self.drain() } }
    }
}

/// The export's file and the entry encoder's state, used only on the export's dispatch queue (hence unchecked).
private final class ExportFile: @unchecked Sendable {
    let path: String
    let format: CallLogExport.Format
    private let handle: FileHandle
    private var encoder = LogEntryEncoder()
    private var entries = 0
    /// The end of the last whole write: a failed one is cut back to it.
    private var end: UInt64 = 0
    /// The Fleet Debugger document's `projectId` and `vehicle`: the first seen.
    private var project: String?
    private var vehicle: String?

    init(path: String, format: CallLogExport.Format) throws(FleetServerSetupError) {
        self.path = path
        self.format = format
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            let reason = String(cString: strerror(errno))
            throw FleetServerSetupError("cannot create the log export \(path): \(reason)")
        }
        self.handle = handle
        if format == .fleetDebugger {
            do { try write(Array(#"{"rawLogs":["#.utf8)) } catch {
                throw FleetServerSetupError("cannot write the log export \(path): \(FleetServer.describe(error))")
            }
        }
    }

    /// Appends `call`'s entry, with what separates it from the one before, to `bytes`.
    func append(_ call: LoggedCall, received: ProtoTimestamp, to bytes: inout [UInt8]) throws {
        let entry = try encoder.encode(call, received: received)
        switch format {
        case .jsonLines:
            bytes += entry.json
            bytes.append(UInt8(ascii: "\n"))
        case .fleetDebugger:
            bytes += Array((entries == 0 ? "\n" : ",\n").utf8)
            bytes += entry.json
            if project == nil { project = entry.project }
            if vehicle == nil { vehicle = entry.vehicleID }
        }
        entries += 1
    }

    func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            // Whatever part got out is cut off, so the file stays whole and the next write follows on cleanly.
            try? handle.truncate(atOffset: end)
            throw error
        }
        end += UInt64(bytes.count)
    }

    /// The last `entries` appended were not written: the next entry is separated as if they never were.
    func forget(entries lost: Int) {
        entries -= lost
    }

    func close() throws {
        if format == .fleetDebugger {
            var trailer = JSONObjectBytes()
            if let project { trailer.member("projectId", string: project) }
            if let vehicle { trailer.member("vehicle", string: vehicle) }
            // The header's object goes on with these members: `{"rawLogs":[…],"projectId":…}`.
            let members = trailer.bytes.dropFirst()
            try write(Array("\n]".utf8) + (members.count > 1 ? [UInt8(ascii: ",")] : []) + members + [0x0A])
        }
        try handle.close()
    }
}
