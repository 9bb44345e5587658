/// Hoare's selection (quickselect) with median-of-three pivots: the k-th smallest value in expected linear time,
/// where sorting would take n log n, so that the interval figures stay linear in the number of updates.
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
