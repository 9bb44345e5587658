/// S2's `NthDerivativeCoder` (util/coding/nth-derivative.h): turns a sequence of integers into its
/// n-th differences (encoding) and back (decoding), so that smoothly varying cell coordinates become
/// small numbers. The first n values are emitted as lower-order differences while the coder warms up.
/// All arithmetic wraps in 32 bits, exactly like the C++ original, so any input round-trips.
struct NthDerivativeCoder {
    private let order: Int
    private var memory: [Int32]
    private var primed = 0

    /// `order` is the derivative order n, 0...10 in S2; polylines use 2.
    init(order: Int) {
        self.order = order
        self.memory = Array(repeating: 0, count: order)
    }

    mutating func encode(_ value: Int32) -> Int32 {
        var k = value
        for i in 0..<primed {
            let delta = k &- memory[i]
            memory[i] = k
            k = delta
        }
        if primed < order {
            memory[primed] = k
            primed += 1
        }
        return k
    }

    mutating func decode(_ value: Int32) -> Int32 {
        var k = value
        if primed < order {
            primed += 1
        }
        for i in (0..<primed).reversed() {
            k = memory[i] &+ k
            memory[i] = k
        }
        return k
    }
}
