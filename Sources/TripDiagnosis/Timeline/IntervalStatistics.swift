/// How often the vehicle reported: the count of reports and the intervals between consecutive ones.
public struct IntervalStatistics: Sendable, Hashable {
    public var reports: Int
    /// Seconds; nil with fewer than two reports, like the other figures.
    public var median: Double?
    /// The 95th percentile by nearest rank: the smallest interval that at least 95 % of intervals do not exceed.
    public var p95: Double?
    public var max: Double?

    public init(reports: Int, median: Double? = nil, p95: Double? = nil, max: Double? = nil) {
        self.reports = reports
        self.median = median
        self.p95 = p95
        self.max = max
    }

    /// The figures of `intervals` (seconds), in expected linear time: selection, not sorting.
    public init(reports: Int, intervals: [Double]) {
        self.init(reports: reports)
        guard !intervals.isEmpty else { return }
        var values = intervals
        let n = values.count
        let lower = Selection.smallest(n / 2 - (n % 2 == 0 ? 1 : 0), in: &values)
        // After selecting rank k, everything after k is at least values[k]: the next rank is their minimum.
        median = n % 2 == 1 ? lower : (lower + values[(n / 2)...].min()!) / 2
        p95 = Selection.smallest(Int((0.95 * Double(n)).rounded(.up)) - 1, in: &values)
        max = intervals.max()
    }
}

/// Hoare's selection (quickselect) with median-of-three pivots.
enum Selection {
    /// The `k`-th smallest of `values` (from 0), reordering them so that no value before `k` is larger and none
    /// after is smaller.
    static func smallest(_ k: Int, in values: inout [Double]) -> Double {
        var low = 0
        var high = values.count - 1
        while low < high {
            let pivot = medianOfThree(values[low], values[low + (high - low) / 2], values[high])
            var i = low
            var j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return values[k]
            }
        }
        return values[k]
    }

    private static func medianOfThree(_ a: Double, _ b: Double, _ c: Double) -> Double {
        Swift.max(Swift.min(a, b), Swift.min(Swift.max(a, b), c))
    }
}
