import FleetModel
import Foundation

/// Parsing an export with every key folded (``LogKeyFolding/fold(_:)``, in FleetModel beside the log schema): each
/// entry is folded once, as it is parsed, rather than each key looked up under several spellings.
extension LogKeyFolding {
    /// Parses JSON text into a ``JSONValue`` with every object key folded, at every depth.
    ///
    /// ``LogJSONParser`` does it in one pass over the bytes. What it leaves (invalid JSON, keys that fold together,
    /// numbers beyond Double) goes through Foundation's `JSONSerialization` and a folding walk, as before, for the
    /// same result and Foundation's error message.
    static func parse(_ data: Data) throws -> JSONValue {
        var parser = LogJSONParser()
        if let value = data.withUnsafeBytes({ parser.parse($0) }) { return value }
        return try parseWithFoundation(data)
    }

    /// The Foundation path of ``parse(_:)``: `JSONSerialization`, then a walk that folds the keys.
    static func parseWithFoundation(_ data: Data) throws -> JSONValue {
        try folded(JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    private struct UnexpectedValue: Error, CustomStringConvertible {
        var description: String
    }

    private static func folded(_ object: Any) throws -> JSONValue {
        switch object {
        case let members as [String: Any]:
            var out: [String: JSONValue] = [:]
            out.reserveCapacity(members.count)
            // In key order, so that two spellings of one key (`tripId` beside `trip_id`) resolve the same way on
            // every run: the first in code-point order wins.
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                let name = fold(key)
                if out[name] == nil { out[name] = try folded(member) }
            }
            return .object(out)
        case let items as [Any]:
            return .array(try items.map(folded))
        case let text as String:
            return .string(text)
        case let number as NSNumber:
            // JSONSerialization hands `true`/`false` back as NSNumbers of Objective-C type `c` (char), and never
            // uses that type for a number.
            return String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        case is NSNull:
            return .null
        default:
            throw UnexpectedValue(description: "unexpected \(type(of: object)) from JSONSerialization")
        }
    }
}
