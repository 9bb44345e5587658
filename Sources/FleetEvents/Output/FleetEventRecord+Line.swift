import FleetModel
import Foundation

extension FleetEventRecord {
    /// One line of `tripterm events`: the JSON body with `json`, else the id, time, kind, what it concerns and what
    /// changed — `#12 2026-11-28T10:00:00Z trip-status providers/p/trips/t1: NEW → ENROUTE_TO_PICKUP`.
    public func line(json: Bool) -> String {
        if json { return String(decoding: jsonBody(), as: UTF8.self) }
        var subject = [trip, task, vehicle].compactMap { $0 }.first ?? provider
        if let geofence { subject += " \(geofence)" }
        return "#\(eventId) \(timestamp) \(type) \(subject): \(Self.text(before)) → \(Self.text(after))"
    }

    /// A value as `NEW`, or `key=value, …` when it holds several.
    public static func text(_ value: JSONValue?) -> String {
        guard let value else { return "none" }
        switch value {
        case .object(let members) where members.count == 1: return text(members.first?.value)
        case .object(let members):
            return members.sorted { $0.key < $1.key }.map { "\($0.key)=\(text($0.value))" }.joined(separator: ", ")
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number == number.rounded() ? String(Int64(number)) : String(number)
        case .null: return "none"
        case .array(let items): return "[" + items.map { text($0) }.joined(separator: ", ") + "]"
        }
    }
}
