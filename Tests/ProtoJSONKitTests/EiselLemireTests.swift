import FleetModel
import Foundation
import Testing

@testable import ProtoJSONKit

/// Eisel–Lemire must give exactly the double the standard library's correctly rounded `Double(_:)` gives (the
/// `strtod` that `JSONDecoder` uses), or nil.
@Suite struct EiselLemireTests {
    func expectSame(_ significand: UInt64, _ power: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Double("\(significand)e\(power)")!
        let value = EiselLemire.double(significand: significand, power: power)
        #expect(
            value == nil || value!.bitPattern == expected.bitPattern,
            "\(significand)e\(power): \(value!) ≠ \(expected)", sourceLocation: sourceLocation)
    }

    @Test func randomSignificandsAndPowers() {
        var random = SplitMix64(seed: 0xE15E1)
        var settled = 0
        for _ in 0..<200_000 {
            let digits = Int(random.next() % 19) + 1
            var limit: UInt64 = 1
            for _ in 0..<digits { limit *= 10 }
            let significand = random.next() % limit
            let power = Int(random.next() % 141) - 70
            expectSame(significand, power)
            if EiselLemire.double(significand: significand, power: power) != nil { settled += 1 }
        }
        #expect(settled > 180_000, "nil only outside the table or for ambiguous products: \(settled)")
    }

    /// What Swift prints for random doubles near the coordinates and speeds of a trip, read back as 16- and 17-digit
    /// significands.
    @Test func printedDoublesReadBack() throws {
        var random = SplitMix64(seed: 17)
        for _ in 0..<100_000 {
            let double =
                Double(Int64(bitPattern: random.next()) % 180_000_000_000_000) / 1e12 + Double(random.next() % 1000) / 7
            let text = "\(abs(double))"
            guard let dot = text.firstIndex(of: "."), !text.contains("e") else { continue }
            let fraction = text[text.index(after: dot)...]
            let significand = try #require(UInt64(text[..<dot] + fraction))
            let value = EiselLemire.double(significand: significand, power: -fraction.count)
            #expect(value?.bitPattern == abs(double).bitPattern, "\(text)")
        }
    }

    @Test func boundariesAndHalfwayCases() {
        let cases: [(UInt64, Int)] = [
            (9_007_199_254_740_993, 0), (9_007_199_254_740_995, 0), (9_007_199_254_740_992, 0),
            (18_014_398_509_481_985, 0),
            (30_000_000_000_000_004, -17), (1, -64), (1, 64), (9_999_999_999_999_999_999, -64),
            (9_999_999_999_999_999_999, 64),
            (17_976_931_348_623_157, 292), (4_503_599_627_370_497, 0), (4_503_599_627_370_496_5, -1), (1, 23), (1, -4),
            (9_007_199_254_740_993, 1), (9_007_199_254_740_993, -1), (2_251_799_813_685_249, 2), (5, -1), (25, -2),
            (43_744_937_116_437_896, -15), (7_431_616_569_766_652, -15), (12_345_678_901_234_567_890 / 10, 0),
        ]
        for (significand, power) in cases { expectSame(significand, power) }
        // Every power of ten in the table, and around each power of two a 19-digit significand reaches.
        for power in EiselLemire.smallestPower...EiselLemire.largestPower {
            expectSame(1, power)
            expectSame(UInt64.max / 2, power)
            for bit in 53..<64 {
                expectSame(1 << bit, power)
                expectSame(1 << bit - 1, power)
                expectSame(1 << bit + 1, power)
            }
        }
        #expect(EiselLemire.double(significand: 1, power: EiselLemire.largestPower + 1) == nil)
        #expect(EiselLemire.double(significand: 0, power: 300) == 0)
    }
}
