import FleetModel
import Testing
import TripDiagnosis

/// Median, p95 (nearest rank) and max of report intervals, by selection rather than sorting.
@Suite struct IntervalStatisticsTests {
    @Test func oddAndEvenCountsByHand() {
        #expect(
            IntervalStatistics(reports: 6, intervals: [4, 1, 100, 3, 2])
                == IntervalStatistics(reports: 6, median: 3, p95: 100, max: 100))
        #expect(
            IntervalStatistics(reports: 5, intervals: [4, 1, 3, 2])
                == IntervalStatistics(reports: 5, median: 2.5, p95: 4, max: 4))
        #expect(
            IntervalStatistics(reports: 2, intervals: [7])
                == IntervalStatistics(reports: 2, median: 7, p95: 7, max: 7))
        #expect(IntervalStatistics(reports: 1, intervals: []) == IntervalStatistics(reports: 1))
    }

    @Test func p95IsTheNearestRank() {
        // 20 intervals 1…20: the 19th smallest (ceil(0.95 × 20)) is 19.
        let intervals = (1...20).map(Double.init).reversed()
        #expect(IntervalStatistics(reports: 21, intervals: Array(intervals)).p95 == 19)
    }

    @Test func selectionAgreesWithSortingOnRandomInputs() {
        var random = SplitMix64(seed: 42)
        for count in [1, 2, 3, 10, 101, 1000] {
            // Few distinct values, as real intervals are (many exactly 5 s), and some unique ones.
            let values = (0..<count).map { _ in
                Bool.random(using: &random)
                    ? Double(Int.random(in: 1...6, using: &random))
                    : Double.random(in: 0...300, using: &random)
            }
            let sorted = values.sorted()
            let n = sorted.count
            let median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
            let p95 = sorted[Int((Double(n) * 95 / 100).rounded(.up)) - 1]
            #expect(
                IntervalStatistics(reports: n + 1, intervals: values)
                    == IntervalStatistics(reports: n + 1, median: median, p95: p95, max: sorted.last))
        }
    }
}
