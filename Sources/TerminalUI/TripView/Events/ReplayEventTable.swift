import FleetModel
import TripFollowing
import TripRecordings

/// Every event of the recording being replayed, as the event table lists it: when, what kind, and a word on what it
/// says. Built once per replay, from the same sorted events the replay's backend plays.
public struct ReplayEventTable: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var time: ProtoTimestamp
        /// The Fleet Engine call of a log entry's snapshot (`UpdateVehicle`), else `snapshot`, `failure` or `note`.
        public var kind: String
        /// The trip's status, the failure's code or the note; on a vehicle's timeline, after the trip's short id.
        public var detail: String

        public init(time: ProtoTimestamp, kind: String, detail: String) {
            self.time = time
            self.kind = kind
            self.detail = detail
        }
    }

    public var rows: [Row]
    /// Which table this is: the screen compares its state every frame, and a day's export has thousands of rows.
    private let identity = UInt64.random(in: .min ... .max)

    /// The same table (a copy of it), not merely an equal one, so that a frame's comparison is cheap.
    public static func == (a: ReplayEventTable, b: ReplayEventTable) -> Bool { a.identity == b.identity }

    public init(rows: [Row]) { self.rows = rows }

    /// The rows of `recording`'s events, which must be in time order (as ``ReplayBackend`` keeps them).
    public init(_ recording: TripRecording) {
        let isTimeline = recording.vehicleId != nil
        rows = recording.events.map { event in
            var detail: String
            var kind: String
            var tripID = ""
            switch event.kind {
            case .snapshot(let trip):
                (kind, detail) = ("snapshot", trip.tripStatus.protoName)
                tripID = (try? TripName(parsing: trip.name))?.tripID ?? ""
            case .failure(let error):
                (kind, detail) = ("failure", error.code.name + " " + error.message)
            case .note(let text):
                (kind, detail) = ("note", text)
            }
            // A snapshot is what its call left; a note or failure keeps its kind, though it has an entry too.
            if let entry = event.logEntry, kind == "snapshot" { kind = entry.call }
            if isTimeline, !tripID.isEmpty { detail = String(tripID.prefix(8)) + " " + detail }
            return Row(time: event.time, kind: kind, detail: detail)
        }
    }

    /// The row the replay stands at: the last event at or before `time`, or `selected` when it is one of several at
    /// that time (stepping through events that share a moment keeps the one chosen).
    public func current(at time: ProtoTimestamp, selected: Int?) -> Int? {
        var low = 0, high = rows.count
        while low < high {
            let mid = (low + high) / 2
            if rows[mid].time <= time { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return rows.isEmpty ? nil : 0 }
        let last = low - 1
        if let selected, rows.indices.contains(selected), rows[selected].time == rows[last].time { return selected }
        return last
    }
}
