/// Node coordinates buffered between OSM's node section and its ways: parallel arrays of ids and 1e-7 degree
/// points (16 bytes a node), looked up by binary search. Extracts list nodes by increasing id; when one does not,
/// the arrays are sorted once, at the first lookup.
struct OSMNodeStore {
    private var ids: [Int64] = []
    private var points: [E7Point] = []
    private var isSorted = true

    var count: Int { ids.count }

    mutating func add(id: Int64, point: E7Point) {
        if let last = ids.last, id <= last { isSorted = false }
        ids.append(id)
        points.append(point)
    }

    /// The node's point, or nil when the extract does not have it.
    mutating func point(for id: Int64) -> E7Point? {
        if !isSorted { sort() }
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? points[low] : nil
    }

    private mutating func sort() {
        let order = ids.indices.sorted { ids[$0] < ids[$1] }
        ids = order.map { ids[$0] }
        points = order.map { points[$0] }
        isSorted = true
    }
}
