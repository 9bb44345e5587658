import FleetModel
import Foundation
import TrackFormats

/// Reads trip files (docs/trip-file.md). A torn last line — what a crash while writing leaves — is skipped with a
/// warning; any other bad line stops reading with `file:line:column` and what was expected there.
public enum TripFileReader {
    /// Whether the data starts like a trip file (its header names the format).
    public static func looksLikeTripFile(_ data: Data) -> Bool {
        let prefix = data.prefix(512)
        guard let text = String(data: prefix, encoding: .utf8) ?? String(data: prefix.dropLast(3), encoding: .utf8)
        else { return false }
        return text.drop(while: \.isWhitespace).hasPrefix("{") && text.contains("\"\(TripFileFormat.name)\"")
    }

    public static func read(
        _ data: Data, path: String
    ) throws(InputError) -> (recording: TripRecording, warnings: [InputWarning]) {
        let decoder = JSONDecoder()
        var lines = LineSplitter(data)
        guard let first = lines.next() else {
            throw InputError(path: path, message: "empty file: expected a trip file header")
        }
        let header: TripFileHeader
        do {
            header = try decoder.decode(TripFileHeader.self, from: first.bytes)
        } catch {
            throw lineError(path: path, line: first, error: error, expected: "a trip file header")
        }
        guard header.format == TripFileFormat.name else {
            throw InputError(
                path: path, line: 1, column: 1,
                message: "not a trip file: header format is \"\(header.format)\", expected \"\(TripFileFormat.name)\"")
        }
        guard header.version >= 1, header.version <= TripFileFormat.version else {
            throw InputError(
                path: path, line: 1, column: 1,
                message:
                    "trip file version \(header.version) is not supported (this tripterm reads version \(TripFileFormat.version))"
            )
        }
        let name: TripName
        do {
            name = try TripName(parsing: header.trip)
        } catch {
            throw InputError(
                path: path, line: 1, column: column(of: "trip", in: first.bytes), message: "header: \(error)")
        }
        var recording = TripRecording(tripName: name, source: header.source, created: header.created)
        let body = try TripFileBodyReader.read(data[lines.position...], firstLine: 2, path: path)
        recording.events = body.events
        recording.sortEvents()
        return (recording, body.warnings)
    }

    static func lineError(path: String, line: LineSplitter.Line, error: any Error, expected: String) -> InputError {
        guard let decoding = error as? DecodingError else {
            return InputError(path: path, line: line.number, message: "expected \(expected): \(error)")
        }
        let json = ProtoJSONError(decoding)
        if json.message.hasPrefix("not valid JSON") {
            let (column, problem) = JSONSyntax.error(in: line.bytes) ?? (1, json.message)
            return InputError(
                path: path, line: line.number, column: column,
                message: "expected \(expected) as one JSON object: \(problem)")
        }
        return InputError(
            path: path, line: line.number, column: column(of: json.path, in: line.bytes), message: "\(json)")
    }

    /// The 1-based byte column where the last key of `path` appears in the line (or 1).
    static func column(of path: String, in bytes: Data) -> Int {
        let key = path.split(separator: ".").last.map { String($0.prefix { $0 != "[" }) } ?? ""
        guard !key.isEmpty, let range = bytes.range(of: Data("\"\(key)\"".utf8)) else { return 1 }
        return range.lowerBound - bytes.startIndex + 1
    }
}

/// Splits data into lines on `\n`, remembering whether the last one was terminated. Lines are slices sharing the
/// file's storage, not copies.
struct LineSplitter {
    struct Line {
        var bytes: Data
        var number: Int
        var terminated: Bool
        var isLast: Bool
    }

    private let data: Data
    private var index: Data.Index
    private var number: Int

    /// - Parameter firstLine: the number of the data's first line, when it does not start the file.
    init(_ data: Data, firstLine: Int = 1) {
        self.data = data
        self.index = data.startIndex
        self.number = firstLine - 1
    }

    /// Where the next line starts.
    var position: Data.Index { index }

    mutating func next() -> Line? {
        guard index < data.endIndex else { return nil }
        number += 1
        let offset = index - data.startIndex
        let line = data.withUnsafeBytes { RawLines.line(in: $0, at: offset) }
        index = data.startIndex + line.next
        return Line(
            bytes: data[data.startIndex + line.start..<data.startIndex + line.end], number: number,
            terminated: line.terminated, isLast: index == data.endIndex)
    }
}

/// The lines of bytes in memory, as ``LineSplitter`` splits them, without a `Data` slice (and its reference count)
/// per line: what reading a big file's parts goes through.
struct RawLines {
    struct Line {
        var bytes: UnsafeRawBufferPointer
        var number: Int
        var terminated: Bool
        var isLast: Bool

        /// The line as ``LineSplitter`` gives it (a copy of its bytes), for the general path and for messages.
        var copied: LineSplitter.Line {
            LineSplitter.Line(bytes: Data(bytes), number: number, terminated: terminated, isLast: isLast)
        }
    }

    private let text: UnsafeRawBufferPointer
    private var offset = 0
    private var number: Int

    /// - Parameter firstLine: the number of the text's first line, when it does not start the file.
    init(_ text: UnsafeRawBufferPointer, firstLine: Int = 1) {
        self.text = text
        self.number = firstLine - 1
    }

    mutating func next() -> Line? {
        guard offset < text.count else { return nil }
        number += 1
        let line = Self.line(in: text, at: offset)
        offset = line.next
        return Line(
            bytes: UnsafeRawBufferPointer(rebasing: text[line.start..<line.end]), number: number,
            terminated: line.terminated, isLast: offset == text.count)
    }

    /// The line starting at `offset`: its bytes without the `\n` (and a `\r` before it), whether a `\n` ended it,
    /// and where the next line starts. memchr: the generic Collection search is an order of magnitude slower.
    static func line(
        in text: UnsafeRawBufferPointer, at offset: Int
    ) -> (start: Int, end: Int, next: Int, terminated: Bool) {
        guard let base = text.baseAddress, offset < text.count else { return (offset, offset, offset, false) }
        let newline = memchr(base + offset, 0x0A, text.count - offset).map { UnsafeRawPointer($0) - base }
        var end = newline ?? text.count
        if end > offset, text[end - 1] == 0x0D { end -= 1 }
        return (offset, end, newline.map { $0 + 1 } ?? text.count, newline != nil)
    }
}
