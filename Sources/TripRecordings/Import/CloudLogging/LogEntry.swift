import FleetModel
import Foundation

/// One Cloud Logging entry of a Fleet Engine call, keys folded (see ``LogKeyFolding``), with the envelope read: when
/// it was logged, which call it records, and the labels that name its trip and vehicle.
struct LogEntry: Sendable {
    /// Position in the input (0-based, as `jq '.[17]'` counts).
    var index: Int
    /// The JSON Lines line it came from, when it came from one.
    var line: Int?
    var insertId: String
    /// `timestamp`, or `receiveTimestamp` when the entry has none.
    var time: ProtoTimestamp
    var method: LogMethod
    /// `jsonPayload`, folded: `@type`, `request`, `response`, `errorresponse`, `parentinsertid`.
    var payload: [String: JSONValue]
    /// Entry labels, folded: `tripid`, `vehicleid`.
    var labels: [String: String]
    /// The Google Cloud project that logged it (`projects/<project>/logs/…`), which is also the Fleet Engine provider.
    var project: String?
    /// Where its text is in the export, for showing it later; nil when it could not be placed.
    var location: LogEntryLocation?

    var order: LogOrder { LogOrder(time: time, insertId: insertId, index: index) }
    var request: JSONValue? { payload["request"] }
    var response: JSONValue? { payload["response"] }
    /// Set on a Restricted Use entry: the `insertId` of the ordinary entry it completes.
    var parentInsertId: String? { payload["parentinsertid"]?.logString }

    /// Reads the envelope of one folded entry.
    ///
    /// - Returns: nil for entries that are not Fleet Engine call logs (no `jsonPayload`: audit logs, text logs), which
    ///   an export of a whole project also holds, and for calls that are not replayed and have no usable time.
    /// - Throws: ``LogEntryProblem`` when the entry is a replayed call that cannot be placed in time.
    init?(_ value: JSONValue, index: Int, line: Int?, span: Range<Int>? = nil) throws(LogEntryProblem) {
        guard let members = value.logObject else { throw LogEntryProblem("not a log entry (expected an object)") }
        guard let payload = members["jsonpayload"]?.logObject else { return nil }
        self.index = index
        self.line = line
        self.insertId = members["insertid"]?.logString ?? ""
        self.payload = payload
        let logName = members["logname"]?.logString
        self.method = LogMethod(payloadType: payload["@type"]?.logString, logName: logName)
        self.labels = (members["labels"]?.logObject ?? [:]).compactMapValues(\.logString)
        self.project = Self.project(logName: logName, resource: members["resource"])
        if let span {
            self.location = LogEntryLocation(
                bytes: span, call: self.method.callName, insertId: self.insertId, index: index, line: line)
        }
        do {
            self.time = try Self.time(members)
        } catch {
            if !method.isReplayed { return nil }
            throw error
        }
    }

    private static func time(_ members: [String: JSONValue]) throws(LogEntryProblem) -> ProtoTimestamp {
        for key in ["timestamp", "receivetimestamp"] {
            guard let text = members[key]?.logString else { continue }
            do {
                return try ProtoTimestamp(rfc3339: text)
            } catch {
                throw LogEntryProblem("\(key == "timestamp" ? "timestamp" : "receiveTimestamp"): \(error)")
            }
        }
        throw LogEntryProblem("no timestamp or receiveTimestamp, so it cannot be placed in time")
    }

    /// `projects/<p>/logs/…`, else the resource's `resource_container` label `projects/<p>`.
    private static func project(logName: String?, resource: JSONValue?) -> String? {
        for candidate in [logName, resource?["labels"]?["resourcecontainer"]?.logString] {
            let parts = (candidate ?? "").split(separator: "/")
            if parts.count >= 2, parts[0] == "projects" { return String(parts[1]) }
        }
        return nil
    }

    /// `entry [17] (insertId e2ae…)`, for warnings.
    var label: String { Self.label(index: index, insertId: insertId) }

    static func label(index: Int, insertId: String?) -> String {
        "entry [\(index)]" + (insertId.map { $0.isEmpty ? "" : " (insertId \($0))" } ?? "")
    }
}
