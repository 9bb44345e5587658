import FleetModel

/// The times at which a recording changes, ascending, and the lookups a replay makes in them: the state at a time
/// (the last change at or before it), the next and previous change for stepping. Shared by the trip and fleet
/// replays so both step and seek alike.
public struct ReplayTimeline: Sendable, Equatable {
    /// Ascending; equal times allowed.
    public let times: [ProtoTimestamp]

    /// - Parameter times: ascending.
    public init(_ times: [ProtoTimestamp]) { self.times = times }

    public var start: ProtoTimestamp? { times.first }
    public var end: ProtoTimestamp? { times.last }

    /// The index of the last time at or before `time`, by binary search.
    public func lastIndex(atOrBefore time: ProtoTimestamp) -> Int? {
        var low = 0, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] <= time { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    /// The first time strictly after `time`.
    public func next(after time: ProtoTimestamp) -> ProtoTimestamp? {
        let i = lastIndex(atOrBefore: time).map { $0 + 1 } ?? 0
        return i < times.count ? times[i] : nil
    }

    /// The last time strictly before `time`.
    public func previous(before time: ProtoTimestamp) -> ProtoTimestamp? {
        lastIndex(atOrBefore: time + .nanoseconds(-1)).map { times[$0] }
    }
}
