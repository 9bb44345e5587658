import Testing

@testable import TerminalCore

@Suite struct CellBufferTests {
    @Test func writesAreClippedAndReadsOutsideAreBlank() {
        var buffer = CellBuffer(width: 4, height: 2)
        buffer.put("hello", x: 1, y: 0)
        buffer[-1, 0] = Cell("x")
        buffer[0, 5] = Cell("x")
        #expect(buffer.lines == [" hel", "    "])
        #expect(buffer[9, 9] == .blank)
    }

    @Test func aWideGlyphTakesTwoCellsAndTheTextLinesUp() {
        var buffer = CellBuffer(width: 8, height: 1)
        buffer.put("a本b", x: 0, y: 0, style: CellStyle(attributes: .bold))
        #expect(buffer[1, 0].grapheme == "本" && buffer[1, 0].width == 2)
        #expect(buffer[2, 0] == .continuation(style: CellStyle(attributes: .bold)))
        #expect(buffer[3, 0].grapheme == "b")
        #expect(buffer.lines == ["a本b    "])
        #expect(buffer.lines[0].displayWidth == buffer.width)
    }

    @Test func overwritingHalfAWideGlyphBlanksTheOtherHalf() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.put("本日", x: 0, y: 0)
        buffer[1, 0] = Cell("x")  // the right half of 本
        #expect(buffer.lines == [" x日  "])
        buffer[2, 0] = Cell("y")  // the left half of 日
        #expect(buffer.lines == [" xy   "])
        #expect(buffer.cells.allSatisfy { !$0.isContinuation })
    }

    @Test func aWideGlyphOverAnotherTakesBothOfItsCells() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.put("本日", x: 0, y: 0)
        buffer[1, 0] = Cell("東")  // over the right half of 本 and the left half of 日
        #expect(buffer.lines == [" 東   "])
        #expect(buffer[2, 0].isContinuation && !buffer[3, 0].isContinuation)
    }

    @Test func aWideGlyphThatDoesNotFitTheRowIsABlank() {
        var buffer = CellBuffer(width: 3, height: 1)
        buffer.put("ab本", x: 0, y: 0)
        #expect(buffer.lines == ["ab "])
    }

    @Test func aContinuationCellIsOnlyKeptBehindItsGlyph() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer[2, 0] = .continuation(style: .plain)
        #expect(!buffer[2, 0].isContinuation)
        var source = CellBuffer(width: 4, height: 1)
        source.put("本本", x: 0, y: 0)
        buffer.blit(source, x: 0, y: 0)
        #expect(buffer == source)
        var clipped = CellBuffer(width: 4, height: 1)
        clipped.blit(source, x: 1, y: 0)  // the second 本 would stick out
        #expect(clipped.lines == [" 本 "])
        var cut = CellBuffer(width: 4, height: 1)
        cut.blit(source, x: -1, y: 0)  // the first 本's left half is off the buffer
        #expect(cut.lines == [" 本 "])
    }

    @Test func aBlitOfWholeRowsLeavesWhatCellByCellWritesWould() {
        var source = CellBuffer(width: 4, height: 2)
        source.put("本x日", x: 0, y: 0, style: CellStyle(attributes: .bold))
        source.put("ab本", x: 0, y: 1)
        var under = CellBuffer(width: 8, height: 2)
        under.put("東京都港", x: 0, y: 0)  // wide glyphs across both ends of the blit at x = 1
        under.put("a東京都", x: 0, y: 1)
        var expected = under
        for row in 0..<source.height {
            for column in 0..<source.width { expected[1 + column, row] = source[column, row] }
        }
        var copied = under
        copied.blit(source, x: 1, y: 0)
        #expect(copied == expected)
        #expect(copied.lines == [" 本x  港", "aab本都 "])
    }

    @Test func aFillLeavesWhatCellByCellWritesWould() {
        var under = CellBuffer(width: 8, height: 2)
        under.put("東京都港", x: 0, y: 0)
        under.put("a東京都", x: 0, y: 1)
        let dot = Cell("·", style: CellStyle(attributes: .dim))
        var expected = under
        for row in 0..<2 {
            for column in 1..<6 { expected[column, row] = dot }
        }
        var filled = under
        filled.fill(Rect(x: 1, y: 0, width: 5, height: 3), with: dot)  // a row past the bottom is left out
        #expect(filled == expected)
        #expect(filled.lines == [" ·····港", "a·····  "])
    }

    @Test func fittedTextCountsColumns() {
        var buffer = CellBuffer(width: 10, height: 1)
        buffer.put("東京都港区芝公園", x: 0, y: 0, width: 7, style: .plain)
        #expect(buffer.lines == ["東京都…   "])
        buffer.put("東京都港区", x: 0, y: 0, width: 10, style: .plain, ascii: true)
        #expect(buffer.lines == ["??????????"])
    }
}
