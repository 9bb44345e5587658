import FleetModel

/// Where an entry falls in time: by its timestamp, then by `insertId` so that entries logged in the same instant
/// replay in the same order however the export was shuffled, then by position in the input.
struct LogOrder: Comparable, Sendable {
    var time: ProtoTimestamp
    var insertId: String
    var index: Int

    static func < (a: Self, b: Self) -> Bool { (a.time, a.insertId, a.index) < (b.time, b.insertId, b.index) }
}
