/// The list's order kept from one frame to the next. A new listing mostly moves vehicles without changing what the
/// sort or the search reads, so the last order is checked against it in one pass (``FleetList/isOrder(_:of:)``)
/// and sorted again only when that fails: a thousand rows' sort was a fifth of a frame.
struct FleetListOrder {
    private var last: (sort: FleetSortColumn, query: String, count: Int, order: [Int])?

    /// `list.visible(rows)`, from the last order when it still holds.
    mutating func visible(_ rows: [FleetRow], list: FleetList) -> [FleetRow] {
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
