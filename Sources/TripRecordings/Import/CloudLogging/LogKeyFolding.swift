import FleetModel
import Foundation

/// The one way the importer reads member names, whichever way an export spells them.
///
/// Exports spell keys as the API does (`jsonPayload`, `currentRouteSegment`, `trip_id`) or all lower-case
/// (`jsonpayload`, `currentroutesegment`, `tripid`). Rather than look every key up under several spellings, each entry
/// is folded once, as it is parsed — every key lower-cased and stripped of underscores — and from then on the importer
/// speaks only folded names. `ProtoReader`'s `caseInsensitiveKeys` mode folds the same way, so folded payloads decode
/// as Fleet Engine messages without a second mapping.
enum LogKeyFolding {
    /// `currentRouteSegment`, `current_route_segment` and `currentroutesegment` all become `currentroutesegment`.
    static func fold(_ key: String) -> String {
        String(String.UnicodeScalarView(key.unicodeScalars.lazy.filter { $0 != "_" })).lowercased()
    }

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
