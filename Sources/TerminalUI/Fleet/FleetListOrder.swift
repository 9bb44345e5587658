/// A list's order kept from one frame to the next. A new listing mostly moves vehicles without changing what the
/// sort or the search reads, so the last order is checked against it in one pass (``FleetListState/isOrder(_:of:)``)
/// and sorted again only when that fails: a thousand rows' sort was a fifth of a frame.
struct FleetListOrder<Row: FleetListRow> {
    private var last: (sort: Row.Column, query: String, count: Int, order: [Int])?

    /// `list.visible(rows)`, from the last order when it still holds.
    mutating func visible(_ rows: [Row], list: FleetListState<Row>) -> [Row] {
        if let last, last.sort == list.sort, last.query == list.query, last.count == rows.count,
            list.isOrder(last.order, of: rows)
        {
            return last.order.map { rows[$0] }
        }
        let order = list.order(of: rows)
        last = (list.sort, list.query, rows.count, order)
        return order.map { rows[$0] }
    }
}
