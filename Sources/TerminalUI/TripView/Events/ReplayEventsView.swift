/// The event table as one frame shows it: the rows, the one the replay stands at, and its detail scrolled to where
/// the viewer left it.
public struct ReplayEventsView: Sendable, Equatable {
    public var table: ReplayEventTable
    public var selected: Int?
    public var detail: ReplayEventDetail?
    /// The first line of the detail shown.
    public var scroll: Int

    public init(table: ReplayEventTable, selected: Int?, detail: ReplayEventDetail?, scroll: Int = 0) {
        self.table = table
        self.selected = selected
        self.detail = detail
        self.scroll = scroll
    }
}
