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

    public init(value: JSONValue, location: LogEntryLocation) {
        self.value = value
        self.location = location
    }

    /// Which half of the call to show.
    public enum Part: String, Sendable, Hashable, CaseIterable {
        case request
        case response
    }

    /// `jsonPayload`, however spelt.
    public var payload: JSONValue? { Self.member(value, folded: "jsonpayload") }

    /// `jsonPayload.errorResponse`: a failed call's error, which it has instead of a response.
    public var errorResponse: JSONValue? { payload.flatMap { Self.member($0, folded: "errorresponse") } }

    /// The request or the response, nil when the entry has none (a failed call has an `errorResponse` instead).
    public func part(_ part: Part) -> JSONValue? {
        payload.flatMap { Self.member($0, folded: part.rawValue) }
    }

    /// The part as indented JSON, one string per line, keys sorted so that two entries read alike; nil when the
    /// entry has no such part.
    public func prettyLines(_ part: Part) -> [String]? {
        self.part(part).map(Self.prettyLines)
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
        return members.first { $0.key.lowercased().replacingOccurrences(of: "_", with: "") == folded }?.value
    }

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
