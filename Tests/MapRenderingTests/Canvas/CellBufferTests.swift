import Testing

@testable import MapRendering

@Suite struct CellBufferTests {
    @Test func writesAreClippedAndReadsOutsideAreBlank() {
        var buffer = CellBuffer(width: 4, height: 2)
        buffer.put("hello", x: 1, y: 0)
        buffer[-1, 0] = Cell("x")
        buffer[0, 5] = Cell("x")
        #expect(buffer.lines == [" hel", "    "])
        #expect(buffer[9, 9] == .blank)
    }
}
