import FleetModel

/// Joins Restricted Use entries to the ordinary entries they complete.
///
/// Fleet Engine can split one call's log in two: the ordinary entry keeps the trip's status, times and ids but shows
/// points as opaque handles (`pointHandle`, `locationHandle`, `currentRouteSegmentHandle`), while a twin entry in the
/// restricted log (`update_trip_restricted`, `UpdateTripRestrictedLog`, label `restriction: TOS_RESTRICTED`) holds the
/// coordinates and S2 routes and names its parent by `parentInsertId`. Google's docs say to join the two on that id;
/// Fleet Debugger does the same. The twin's members are merged into the parent's payload, member by member.
enum RestrictedLogMerge {
    /// The entries with every restricted twin merged into its parent and removed. A twin whose parent is not in the
    /// export is dropped with a warning: on its own it has no status, so it cannot be replayed.
    static func merged(_ entries: [LogEntry], warn: (LogEntry, String) -> Void) -> [LogEntry] {
        var result = entries.filter { $0.parentInsertId == nil }
        var position: [String: Int] = [:]
        for (offset, entry) in result.enumerated() where !entry.insertId.isEmpty && position[entry.insertId] == nil {
            position[entry.insertId] = offset
        }
        for twin in entries {
            guard let parentId = twin.parentInsertId else { continue }
            guard let offset = position[parentId] else {
                warn(twin, "Restricted Use entry whose parent entry (insertId \(parentId)) is not in the export")
                continue
            }
            if let span = twin.location?.bytes { result[offset].location?.twins.append(span) }
            for (key, value) in twin.payload where key != "@type" && key != "parentinsertid" {
                result[offset].payload[key] = result[offset].payload[key].map { merge(value, into: $0) } ?? value
            }
        }
        return result
    }

    /// Objects merge member by member; arrays of the same length merge element by element (the twin's waypoints line
    /// up with the parent's); anything else is the twin's value, which is the unredacted one.
    static func merge(_ twin: JSONValue, into parent: JSONValue) -> JSONValue {
        switch (parent, twin) {
        case (.object(var members), .object(let additions)):
            for (key, value) in additions { members[key] = members[key].map { merge(value, into: $0) } ?? value }
            return .object(members)
        case (.array(let items), .array(let additions)) where items.count == additions.count:
            return .array(zip(items, additions).map { merge($1, into: $0) })
        default:
            return twin
        }
    }
}
