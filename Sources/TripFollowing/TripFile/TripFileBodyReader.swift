import FleetModel
import Foundation
import Synchronization

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
        let parts = split(body, firstLine: firstLine, into: partCount ?? cores)
        var results: [PartResult]
        if parts.count == 1 {
            results = [read(parts[0], path: path)]
        } else {
            let slots = Mutex<[PartResult?]>(Array(repeating: nil, count: parts.count))
            DispatchQueue.concurrentPerform(iterations: parts.count) { index in
                let result = read(parts[index], path: path)
                slots.withLock { $0[index] = result }
            }
            results = slots.withLock { $0.compactMap { $0 } }
        }
        var events = results.isEmpty ? [] : results[0].events
        var warnings: [InputWarning] = []
        for (index, result) in results.enumerated() {
            if let error = result.error { throw error }
            if index > 0 { events.append(contentsOf: result.events) }
            results[index].events = []
            warnings += result.warnings
        }
        return (events, warnings)
    }

    /// A run of whole lines and the number of its first line in the file.
    struct Part: Sendable {
        var bytes: Data
        var firstLine: Int
    }

    struct PartResult: Sendable {
        var events: [TripEvent] = []
        var warnings: [InputWarning] = []
        /// The first bad line of the part; reading the part stopped there.
        var error: InputError?
    }

    /// Cuts `body` into at most `count` parts of about equal size, each ending just after a newline (or at the end).
    static func split(_ body: Data, firstLine: Int, into count: Int) -> [Part] {
        guard count > 1 else { return [Part(bytes: body, firstLine: firstLine)] }
        var parts: [Part] = []
        var start = body.startIndex
        var line = firstLine
        for k in 1...count where start < body.endIndex {
            var end = body.endIndex
            if k < count {
                let target = max(start, body.startIndex + body.count / count * k)
                end = nextLineStart(in: body, from: target) ?? body.endIndex
            }
            guard end > start else { continue }
            let bytes = body[start..<end]
            parts.append(Part(bytes: bytes, firstLine: line))
            line += newlines(in: bytes)
            start = end
        }
        return parts
    }

    /// The index just after the first newline at or after `index`, or nil.
    private static func nextLineStart(in data: Data, from index: Data.Index) -> Data.Index? {
        data.withUnsafeBytes { raw -> Data.Index? in
            let offset = index - data.startIndex
            guard offset < raw.count, let base = raw.baseAddress, let found = memchr(base + offset, 0x0A, raw.count - offset)
            else { return nil }
            return data.startIndex + (UnsafeRawPointer(found) - base) + 1
        }
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

    private static func read(_ part: Part, path: String) -> PartResult {
        var decoder = TripFileEventDecoder()
        var lines = LineSplitter(part.bytes, firstLine: part.firstLine)
        var result = PartResult()
        while let line = lines.next() {
            if line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let decoded: Result<TripEvent, ProtoJSONError>
            do {
                decoded = try decoder.event(line.bytes)
            } catch {
                if line.isLast && !line.terminated {
                    let message = "skipped an incomplete last line (the recording was probably interrupted)"
                    result.warnings.append(InputWarning(path: path, line: line.number, message: message))
                    break
                }
                result.error = TripFileReader.lineError(path: path, line: line, error: error, expected: "an event")
                break
            }
            switch decoded {
            case .success(let event):
                result.events.append(event)
            case .failure(let error):
                let column = TripFileReader.column(of: error.path, in: line.bytes)
                result.error = InputError(path: path, line: line.number, column: column, message: "\(error)")
                return result
            }
        }
        return result
    }
}
