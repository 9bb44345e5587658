/// A row of one of the fleet screen's lists — a vehicle (``FleetRow``) or a task (``FleetTaskRow``) — so that
/// selection, search, sorting and scrolling (``FleetListState``) and the pane (``FleetListPane``) are written once.
public protocol FleetListRow: Sendable, Hashable {
    associatedtype Column: FleetListColumn where Column.Row == Self
    /// The row's identity, a resource name: the selection follows it across listings.
    var name: String { get }
    /// Whether the row matches a search's text (already lower-cased; never empty).
    func matches(_ query: String) -> Bool
}

/// A list's column, also what it sorts by: `s` moves to the next.
public protocol FleetListColumn: Sendable, Hashable, CaseIterable {
    associatedtype Row
    /// The first column, and the order before any `s`.
    static var id: Self { get }
    /// The column's name, for the header and the notice `s` shows: its case's name unless it says otherwise.
    var title: String { get }
    /// Whether `a` comes before `b` by this column; the order must be total (ties fall back to the name), so that
    /// rows do not wander between listings.
    func ascending(_ a: Row, _ b: Row) -> Bool
}

extension FleetListColumn {
    public var title: String { String(describing: self) }

    /// The column after this one among `columns` (those the list shows), round.
    public func next(among columns: [Self]) -> Self {
        guard let index = columns.firstIndex(of: self) else { return columns.first ?? self }
        return columns[(index + 1) % columns.count]
    }
}

extension FleetListColumn {
    /// Whether `x` comes before `y`, a missing value after any other; nil when they are equal, for the column's
    /// tie-break to decide.
    static func order<T: Comparable>(_ x: T?, _ y: T?) -> Bool? {
        switch (x, y) {
        case (nil, nil): nil
        case (nil, _): false
        case (_, nil): true
        case (let x?, let y?): x == y ? nil : x < y
        }
    }
}
