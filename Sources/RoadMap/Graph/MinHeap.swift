/// A binary min-heap of (priority, vertex) pairs: A*'s open set, with stale entries skipped by the caller.
struct MinHeap {
    private var items: [(priority: Double, vertex: Int32)] = []

    var isEmpty: Bool { items.isEmpty }

    mutating func push(_ priority: Double, _ vertex: Int32) {
        items.append((priority, vertex))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].priority < items[parent].priority else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (priority: Double, vertex: Int32)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count, items[left].priority < items[smallest].priority { smallest = left }
                if right < items.count, items[right].priority < items[smallest].priority { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
