import FleetModel
import Foundation
import NIOConcurrencyHelpers
import TrackFormats

/// Reads the event lines of a trip file — everything after the header — with the rules of docs/trip-file.md: blank
/// lines are skipped, a torn last line is a warning, any other bad line is an error at `FILE:LINE:COLUMN`.
///
/// A big file is cut at line boundaries into one part per core and the parts are decoded at the same time. The
/// result is what one pass from the top would give: events in file order, and the error of the first bad line
/// (every part before it has been read to its end, so no earlier line can be bad).
enum TripFileBodyReader {
    /// Below this many bytes one thread reads everything: starting threads would cost more than it saves.
    static let parallelThreshold = 1 << 20

    /// - Parameter partCount: how many parts to cut the body into; by default one per core for a big body.
    static func read(
        _ body: Data, firstLine: Int, path: String, partCount: Int? = nil
    ) throws(InputError) -> (events: [TripEvent], warnings: [InputWarning]) {
        let cores = body.count >= parallelThreshold ? ProcessInfo.processInfo.activeProcessorCount : 1
        let parts = split(body, firstLine: firstLine, into: partCount ?? cores, path: path)
        // Every part decodes straight into its own stretch of the result, one slot per line, so that no event (a
        // whole Trip, about 2 KB) is copied to grow an array or join the parts; blank lines leave slots unused at
        // the end of a part, closed up afterwards.
        var offsets: [Int] = []
        var capacity = 0
        for part in parts {
            offsets.append(capacity)
            capacity += part.lineCount
        }
        // No lines: no array to fill. With capacity 0, `Array(unsafeUninitializedCapacity:)` hands out the shared
        // empty-array storage, and setting its count (to 0) from two readers at once is a data race (ThreadSanitizer).
        guard capacity > 0 else { return ([], []) }
        var outcomes: [PartOutcome] = []
        let events = [TripEvent](unsafeUninitializedCapacity: capacity) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            let slots = EventSlots(base: base)
            let starts = offsets
            outcomes = eachOnItsOwnThread(parts.count) { index in
                read(parts[index], into: EventSlots(base: slots.base + starts[index]))
            }
            var filled = 0
            for (offset, outcome) in zip(offsets, outcomes) {
                if filled != offset { (base + filled).moveInitialize(from: base + offset, count: outcome.decoded) }
                filled += outcome.decoded
            }
            count = filled
        }
        var warnings: [InputWarning] = []
        for outcome in outcomes {
            if let error = outcome.error { throw error }
            warnings += outcome.warnings
        }
        return (events, warnings)
    }

    /// Asks the kernel to back the untouched result with 2 MB pages where it allows that on request (transparent
    /// huge pages in `madvise` mode): 100k full events are 134 MB, which are otherwise faulted in 33,000 times.
    private static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        let huge = 2 << 20
        guard let base = buffer.baseAddress, buffer.count >= 2 * huge else { return }
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
        #endif
    }

    /// A run of whole lines, the number of its first line in the file, and how many lines it holds.
    struct Part: Sendable {
        var bytes: Data
        var firstLine: Int
        var lineCount: Int
        /// The file's path, for messages.
        var path: String
    }

    /// How reading a part ended: how many events it wrote, its warnings, and its first bad line (where it stopped).
    struct PartOutcome: Sendable {
        var decoded = 0
        var warnings: [InputWarning] = []
        var error: InputError?
    }

    /// Where a part writes its events: its own stretch of the result, which no other part touches.
    struct EventSlots: @unchecked Sendable {
        let base: UnsafeMutablePointer<TripEvent>
    }

    /// Cuts `body` into at most `count` parts of about equal size, each ending just after a newline (or at the end).
    /// Their lines are counted one part per thread: counting is a pass over the whole body, which on one thread left
    /// the other cores idle for about a twentieth of reading a big file.
    static func split(_ body: Data, firstLine: Int, into count: Int, path: String = "") -> [Part] {
        var ranges: [Range<Data.Index>] = []
        var start = body.startIndex
        for k in 1...max(count, 1) where start < body.endIndex {
            var end = body.endIndex
            if k < count {
                let target = max(start, body.startIndex + body.count / count * k)
                end =
                    body.startIndex + body.withUnsafeBytes { RawLines.line(in: $0, at: target - body.startIndex).next }
            }
            guard end > start else { continue }
            ranges.append(start..<end)
            start = end
        }
        let newlineCounts = eachOnItsOwnThread(ranges.count) { [ranges] index in newlines(in: body[ranges[index]]) }
        var parts: [Part] = []
        var line = firstLine
        for (range, newlines) in zip(ranges, newlineCounts) {
            let bytes = body[range]
            parts.append(
                Part(bytes: bytes, firstLine: line, lineCount: newlines + (bytes.last == 0x0A ? 0 : 1), path: path))
            line += newlines
        }
        return parts
    }

    /// `body(index)` for each index below `count`, in index order: one thread an index, or inline for a single one
    /// (starting a thread would cost more than it saves).
    private static func eachOnItsOwnThread<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(body) }
        let results = NIOLockedValueBox<[T?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = body(index)
            results.withLockedValue { $0[index] = result }
        }
        return results.withLockedValue { $0.map { $0! } }
    }

    private static func newlines(in data: Data) -> Int {
        data.withUnsafeBytes { raw -> Int in
            guard var cursor = raw.baseAddress else { return 0 }
            let end = cursor + raw.count
            var count = 0
            while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
                count += 1
                cursor = UnsafeRawPointer(found) + 1
            }
            return count
        }
    }

    /// Decodes the part's lines into `slots`, in order; stops at the first bad line. Lines are read in place; only
    /// the general path and messages copy one.
    private static func read(_ part: Part, into slots: EventSlots) -> PartOutcome {
        part.bytes.withUnsafeBytes { text in
            var decoder = TripFileEventDecoder()
            var lines = RawLines(text, firstLine: part.firstLine)
            var outcome = PartOutcome()
            while let line = lines.next() {
                if line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                let problem: ProtoJSONError?
                do {
                    problem = try decoder.decode(line.bytes, into: slots.base + outcome.decoded)
                } catch {
                    if line.isLast && !line.terminated {
                        let message = "skipped an incomplete last line (the recording was probably interrupted)"
                        outcome.warnings.append(InputWarning(path: part.path, line: line.number, message: message))
                    } else {
                        outcome.error = TripFileReader.lineError(
                            path: part.path, line: line.copied, error: error, expected: "an event")
                    }
                    return outcome
                }
                if let problem {
                    let column = TripFileReader.column(of: problem.path, in: line.copied.bytes)
                    outcome.error = InputError(
                        path: part.path, line: line.number, column: column, message: "\(problem)")
                    return outcome
                }
                outcome.decoded += 1
            }
            return outcome
        }
    }
}
