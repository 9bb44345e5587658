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
        // Nearest rank ⌈0.95 n⌉, in integers: 0.95 × n in floating point can land a hair above a whole number.
        p95 = Selection.smallest((95 * n + 99) / 100 - 1, in: &values)
        max = intervals.max()
    }
}
