import FleetModel
import Foundation

/// One Cloud Logging entry as the export spells it, for showing people: what the driver's app sent
/// (`jsonPayload.request`) beside what Fleet Engine kept (`jsonPayload.response`).
///
/// Exports spell keys as the API does (`jsonPayload`) or all lower-case (`jsonpayload`); members are found either way
/// and shown as written.
public struct RawLogEntry: Sendable, Equatable {
    /// The whole entry.
    public var value: JSONValue
    public var location: LogEntryLocation
    /// The entry's text as the export writes it, for showing its parts as written; nil when Restricted Use twins
    /// were merged into ``value``, which then has members no one text holds.
    public var text: Data?

    public init(value: JSONValue, location: LogEntryLocation, text: Data? = nil) {
        self.value = value
        self.location = location
        self.text = text
    }

    /// Which half of the call to show.
    public enum Part: String, Sendable, Hashable, CaseIterable {
        case request
        case response
    }

    /// The request or the response, nil when the entry has none (a failed call has an `errorResponse` instead).
    public func part(_ part: Part) -> JSONValue? { value(at: ["jsonpayload", part.rawValue]) }

    /// The part as indented JSON, one string per line; nil when the entry has no such part.
    ///
    /// Shown as the export writes it (members in its order, numbers as spelt) when ``text`` is at hand; otherwise
    /// encoded again from the merged value, keys sorted.
    public func prettyLines(_ part: Part) -> [String]? {
        prettyLines(at: ["jsonpayload", part.rawValue])
    }

    /// `jsonPayload.errorResponse` as ``prettyLines(_:)`` shows a part.
    public var errorResponseLines: [String]? { prettyLines(at: ["jsonpayload", "errorresponse"]) }

    /// The member at `path` (folded names, see ``member(_:folded:)``) of the entry.
    private func value(at path: [String]) -> JSONValue? {
        path.reduce(value as JSONValue?) { found, name in found.flatMap { Self.member($0, folded: name) } }
    }

    /// The member at `path` as indented lines.
    private func prettyLines(at path: [String]) -> [String]? {
        guard let found = value(at: path) else { return nil }
        return text.flatMap { Self.linesAsWritten(in: $0, at: path) } ?? Self.prettyLines(found)
    }

    /// The member at `path` of the JSON `text` as written; nil when the text is not one the tape reads or has no
    /// such member.
    static func linesAsWritten(in text: Data, at path: [String]) -> [String]? {
        var tape = JSONTape()
        return text.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [String]? in
            guard tape.parse(bytes) else { return nil }
            return tape.withRoot(in: bytes) { root -> [String]? in
                var value = root
                for name in path {
                    var found: JSONTapeValue?
                    value.forEachMember { key, member in
                        if found == nil, let key = key.string(), fold(key) == name { found = member }
                    }
                    guard let found else { return nil }
                    value = found
                }
                return value.prettyLines()
            }
        }
    }

    /// Any JSON value as indented lines (two spaces a level, keys sorted, slashes unescaped).
    public static func prettyLines(_ value: JSONValue) -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// The member whose name folds (lower-case, no underscores) to `folded`.
    static func member(_ value: JSONValue, folded: String) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        if let exact = members[folded] { return exact }
        return members.first { fold($0.key) == folded }?.value
    }

    /// A member name lower-cased, without underscores: how exports' spellings of one name compare.
    static func fold(_ name: String) -> String { name.lowercased().replacingOccurrences(of: "_", with: "") }

    /// The importer's merge of a Restricted Use twin into its parent, on the entries as written: the twin's
    /// payload members complete the parent's, object by object.
    static func mergingTwin(_ twin: JSONValue, into parent: JSONValue) -> JSONValue {
        guard case .object(var members) = parent,
            let payloadKey = members.keys.first(where: { $0.lowercased() == "jsonpayload" }),
            let parentPayload = members[payloadKey], let twinPayload = member(twin, folded: "jsonpayload"),
            case .object(let additions) = twinPayload
        else { return parent }
        var merged = parentPayload
        for (key, value) in additions where key != "@type" && key.lowercased() != "parentinsertid" {
            let existing = member(merged, folded: key.lowercased().replacingOccurrences(of: "_", with: ""))
            let combined = existing.map { RestrictedLogMerge.merge(value, into: $0) } ?? value
            if case .object(var payloadMembers) = merged {
                let name = payloadMembers.keys.first { $0.lowercased() == key.lowercased() } ?? key
                payloadMembers[name] = combined
                merged = .object(payloadMembers)
            }
        }
        members[payloadKey] = merged
        return .object(members)
    }
}
