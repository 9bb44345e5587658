import Testing

@testable import RoadMap

@Suite("OSM numbers")
struct OSMNumbersTests {
    @Test(arguments: [
        ("43.7370125", 437_370_125), ("-54.5554317", -545_554_317), ("7.422028", 74_220_280), ("0", 0),
        ("-0.5", -5_000_000),
        ("180", 1_800_000_000), (".5", 5_000_000), ("1.00000005", 10_000_001), ("+1", 10_000_000),
    ])
    func degreesAsE7(text: String, expected: Int32) {
        #expect(OSMNumbers.e7(ArraySlice(text.utf8)) == expected)
    }

    @Test(arguments: ["", "-", "1.2.3", "abc", "180.0000001", "12345", "1e5", "."])
    func invalidDegrees(text: String) {
        #expect(OSMNumbers.e7(ArraySlice(text.utf8)) == nil)
    }

    @Test func ids() {
        #expect(OSMNumbers.int64(ArraySlice("21911863".utf8)) == 21_911_863)
        #expect(OSMNumbers.int64(ArraySlice("-12".utf8)) == -12)
        #expect(OSMNumbers.int64(ArraySlice("".utf8)) == nil)
        #expect(OSMNumbers.int64(ArraySlice("12a".utf8)) == nil)
        #expect(OSMNumbers.int64(ArraySlice("1234567890123456789".utf8)) == nil)
    }
}
