import FleetModel
import Testing

/// `split(ascii:)` gives exactly the standard library's `split(separator:)` parts, for every limit and both ways of
/// treating empty parts, on text made of separators, letters and multi-byte characters.
@Suite struct ASCIISplitTests {
    @Test func itSplitsAsTheStandardLibraryDoes() {
        var random = SplitMix64(seed: 0xA5C11)
        let alphabet: [Character] = ["/", "/", "&", "a", "b", "é", "日", "=", " "]
        for _ in 0..<2_000 {
            let length = Int(random.next() % 12)
            let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            for separator in ["/", "&", "="] as [Character] {
                for maxSplits in [0, 1, 2, 3, Int.max] {
                    for omitting in [true, false] {
                        let expected = text.split(
                            separator: separator, maxSplits: maxSplits, omittingEmptySubsequences: omitting)
                        let actual = text.split(
                            ascii: separator.asciiValue!, maxSplits: maxSplits, omittingEmptySubsequences: omitting)
                        #expect(
                            actual == expected, "\(text.debugDescription) at \(separator), \(maxSplits), \(omitting)")
                        let inner = ("<" + text + ">").dropFirst().dropLast()
                        #expect(
                            inner.split(
                                ascii: separator.asciiValue!, maxSplits: maxSplits, omittingEmptySubsequences: omitting)
                                == expected, "a substring of \(text.debugDescription)")
                    }
                }
            }
        }
    }
}
