/// The vehicle list's state.
public typealias FleetList = FleetListState<FleetRow>
/// The task list's state.
public typealias FleetTaskList = FleetListState<FleetTaskRow>

/// A list pane's own state — sort column, search, selection, scroll — and the pure rules over it, so the keys'
/// effects are tested on plain values. Selection is kept by name: a new listing that reorders the rows keeps the
/// same vehicle (or task) selected, and one where it vanished selects the row that took its place.
public struct FleetListState<Row: FleetListRow>: Sendable, Hashable {
    public var sort: Row.Column = .id
    /// The search text applied to the rows (`/` then text; Esc clears it).
    public var query = ""
    /// Whether keys are being typed into the search.
    public var isSearching = false
    /// The selected row's name.
    public var selected: String?
    /// The first row shown.
    public var scrollTop = 0

    public init() {}

    /// The rows shown, in order: those matching the search, sorted by the column.
    public func visible(_ rows: [Row]) -> [Row] { order(of: rows).map { rows[$0] } }

    /// The indices of ``visible(_:)``'s rows in `rows`, in its order: sorting indices moves no rows.
    func order(of rows: [Row]) -> [Int] {
        let query = query.lowercased()
        // Through a buffer pointer, the comparisons borrow the rows instead of copying them.
        return rows.withUnsafeBufferPointer { rows in
            rows.indices.filter { query.isEmpty || rows[$0].matches(query) }.sorted {
                sort.ascending(rows[$0], rows[$1])
            }
        }
    }

    /// Whether `order`, the ``order(of:)`` of an earlier listing of as many rows, is this listing's too: the same
    /// rows match the search and each sorts strictly before the next. The column's order is total, so a strictly
    /// ascending sequence is the only sorted one, and one pass confirms what sorting again would give.
    func isOrder(_ order: [Int], of rows: [Row]) -> Bool {
        let query = query.lowercased()
        return rows.withUnsafeBufferPointer { rows in
            if query.isEmpty {
                guard order.count == rows.count else { return false }
            } else {
                guard order.allSatisfy({ rows[$0].matches(query) }),
                    rows.lazy.filter({ $0.matches(query) }).count == order.count
                else { return false }
            }
            guard let base = rows.baseAddress, var previous = order.first.map({ base + $0 }) else { return true }
            for index in order.dropFirst() {
                // Through pointers: the rows are compared where they are, not copied out first.
                guard sort.ascending(previous.pointee, base[index]) else { return false }
                previous = base + index
            }
            return true
        }
    }

    /// The selected row's index among `visible`, nil when nothing shown is selected.
    public func selectedIndex(in visible: [Row]) -> Int? {
        selected.flatMap { name in visible.firstIndex { $0.name == name } }
    }

    /// Moves the selection by `offset` rows (negative: up), clamped to the list; from no selection, down selects
    /// the first row and up the last.
    public mutating func move(by offset: Int, in visible: [Row]) {
        guard !visible.isEmpty else {
            selected = nil
            return
        }
        let index: Int
        if let current = selectedIndex(in: visible) {
            index = min(visible.count - 1, max(0, current + offset))
        } else {
            index = offset >= 0 ? 0 : visible.count - 1
        }
        selected = visible[index].name
    }

    /// Selects the row at `index` of `visible` (a click), if there is one.
    public mutating func select(index: Int, in visible: [Row]) {
        guard visible.indices.contains(index) else { return }
        selected = visible[index].name
    }

    /// Keeps a row selected after a frame's rows are worked out: the first when none is, and when a new listing
    /// dropped the selected one, the row that took its place (`lastIndex`: the selection's row before).
    public mutating func keepSelection(in visible: [Row], isNewListing: Bool, lastIndex: Int?) {
        guard !visible.isEmpty else { return }
        if selected == nil {
            move(by: 0, in: visible)
        } else if isNewListing, selectedIndex(in: visible) == nil, let lastIndex {
            selected = visible[min(lastIndex, visible.count - 1)].name
        }
    }

    /// Keeps the selection shown in a pane of `height` rows, and the scroll inside the list.
    public mutating func scrollToSelection(in visible: [Row], height: Int) {
        let height = max(1, height)
        if let index = selectedIndex(in: visible) {
            if index < scrollTop { scrollTop = index }
            if index >= scrollTop + height { scrollTop = index - height + 1 }
        }
        scrollTop = max(0, min(scrollTop, visible.count - height))
    }

    /// Answers a key typed while searching: text edits the query, Enter keeps it, Esc drops it. Returns false for
    /// keys the search does not take.
    public mutating func type(_ key: Key) -> Bool {
        guard isSearching else { return false }
        switch key {
        case .enter: isSearching = false
        case .escape:
            isSearching = false
            query = ""
        case .backspace: if !query.isEmpty { query.removeLast() }
        case .character(let character): query.append(character)
        default: return false
        }
        scrollTop = 0
        return true
    }
}
