import FleetModel
import Foundation
import TrackFormats

/// Splits a Cloud Logging export into its entries, whichever of the three shapes it comes in:
///
/// - an object with `rawLogs` (what Fleet Debugger loads and saves),
/// - an array of entries (`gcloud logging read --format=json`, the Logs Explorer's download),
/// - JSON Lines, one entry per line (that array piped through `jq -c '.[]'`).
///
/// Every entry comes back with its keys folded (see ``LogKeyFolding``).
enum LogExportReader {
    /// One entry as read, before its envelope is looked at.
    struct RawEntry: Sendable {
        var value: JSONValue
        /// Position in the input, 0-based.
        var index: Int
        /// The JSON Lines line, 1-based, when the input is JSON Lines.
        var line: Int?
        /// Where its text is, as byte offsets from the start of the input; nil when it could not be placed.
        var span: Range<Int>?
    }

    static let expected =
        "expected a Cloud Logging export: an object with rawLogs, an array of log entries, or JSON Lines of entries"

    static func entries(in input: Data, path: String) throws(InputError) -> [RawEntry] {
        let data = withoutByteOrderMark(input)
        let document: JSONValue
        do {
            document = try LogKeyFolding.parse(data)
        } catch {
            return try jsonLines(data, input: input, path: path, documentError: error)
        }
        switch document {
        case .object(let members) where members["rawlogs"] != nil:
            guard case .array(let items)? = members["rawlogs"] else {
                throw InputError(path: path, message: "rawLogs is not an array; \(expected)")
            }
            return numbered(items, spans: spans(in: input, member: "rawlogs"))
        case .array(let items):
            guard items.isEmpty || items.contains(where: looksLikeEntry) else {
                throw InputError(path: path, message: "an array with no log entries in it; \(expected)")
            }
            return numbered(items, spans: spans(in: input, member: nil))
        case let single where looksLikeEntry(single):
            // JSON Lines with a single line is one entry, and a valid JSON document.
            let span = input.withUnsafeBytes { LogEntrySpans.value(in: $0, from: input.count - data.count) }
            return [RawEntry(value: single, index: 0, line: nil, span: span)]
        default:
            throw InputError(path: path, message: expected)
        }
    }

    /// An object with `jsonPayload` or `logName` (folded).
    static func looksLikeEntry(_ value: JSONValue) -> Bool {
        value["jsonpayload"] != nil || value["logname"] != nil
    }

    /// `spans` are used only when there is one per item: a document the span scanner reads differently from the
    /// parser (it should not happen) leaves the entries without raw text rather than with the wrong one.
    private static func numbered(_ items: [JSONValue], spans: [Range<Int>]?) -> [RawEntry] {
        let spans = spans?.count == items.count ? spans : nil
        return items.enumerated().map { RawEntry(value: $1, index: $0, line: nil, span: spans?[$0]) }
    }

    /// Where the entries of the array are in `input` (see ``LogEntrySpans``), past any byte order mark.
    private static func spans(in input: Data, member: String?) -> [Range<Int>]? {
        let start = input.count - withoutByteOrderMark(input).count
        return input.withUnsafeBytes { LogEntrySpans.elements(in: $0, from: start, member: member) }
    }

    /// Reads the input as JSON Lines. Not valid JSON on its first line means it is no export at all; on a later
    /// line, it is a damaged export, reported at that line.
    private static func jsonLines(
        _ data: Data, input: Data, path: String, documentError: any Error
    ) throws(InputError) -> [RawEntry] {
        var entries: [RawEntry] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.contains(where: { !isJSONWhitespace($0) }) else { continue }
            let folded: JSONValue
            do {
                folded = try LogKeyFolding.parse(Data(line))
            } catch {
                if entries.isEmpty {
                    // A damaged JSON document deserves the parser's account of where; anything else is no export.
                    let opening = data.first(where: { !isJSONWhitespace($0) })
                    let looksLikeJSON = opening == UInt8(ascii: "{") || opening == UInt8(ascii: "[")
                    let message =
                        looksLikeJSON ? "not valid JSON (\(syntaxDetail(documentError))); \(expected)" : expected
                    throw InputError(path: path, message: message)
                }
                let message = "not valid JSON (\(syntaxDetail(error))); expected one log entry per line"
                throw InputError(path: path, line: lineNumber, message: message)
            }
            if entries.isEmpty && !looksLikeEntry(folded) {
                throw InputError(path: path, line: lineNumber, message: expected)
            }
            let span = (line.startIndex - input.startIndex)..<(line.endIndex - input.startIndex)
            entries.append(RawEntry(value: folded, index: entries.count, line: lineNumber, span: span))
        }
        guard !entries.isEmpty else { throw InputError(path: path, message: "empty file; \(expected)") }
        return entries
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Windows tools like to start UTF-8 files with EF BB BF.
    static func withoutByteOrderMark(_ data: Data) -> Data {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    }

    /// Foundation's one-line account of a syntax error (`Invalid value around character 0.`).
    private static func syntaxDetail(_ error: any Error) -> String {
        let ns = error as NSError
        return ns.userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    }
}
