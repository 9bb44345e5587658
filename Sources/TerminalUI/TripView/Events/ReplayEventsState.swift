import FleetModel
import NIOConcurrencyHelpers
import TripRecordings

/// The event table as it changes: shown or not, the row chosen with the keys, which half of the entry is shown and
/// how far it is scrolled, and the last detail read (so a row's entry is read once, not every frame). Shared between
/// the screen's frames and the actions that run off its loop.
final class ReplayEventsState: Sendable {
    struct Value: Sendable {
        var isShown = false
        var selected: Int?
        var part = RawLogEntry.Part.response
        var scroll = 0
        var detail: (row: Int, part: RawLogEntry.Part, detail: ReplayEventDetail)?
    }

    private let state = NIOLockedValueBox(Value())

    func read<R>(_ body: (inout Value) -> R) -> R { state.withLockedValue { body(&$0) } }
}
