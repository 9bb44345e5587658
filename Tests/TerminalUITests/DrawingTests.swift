import Foundation
import MapRendering
import TerminalCore
import Testing

@testable import TerminalUI

extension NcursesTests {
    @Suite struct Drawing {
        /// A small map-like frame: Braille route, arrows, coloured markers, every attribute.
        static func sampleFrame(width: Int = 24, height: Int = 6) -> CellBuffer {
            var frame = CellBuffer(width: width, height: height)
            frame.put("⣿⡇⠁⢸⣀⠤⠒⠉ route", x: 0, y: 0, style: .colored(33))
            frame.put("▲►▼◀ ←↑→↓", x: 0, y: 1, style: .colored(196, on: 17, .bold))
            frame.put("◉ pickup", x: 0, y: 2, style: .colored(2))
            frame.put("dim", x: 0, y: 3, style: CellStyle(attributes: .dim))
            frame.put("under", x: 4, y: 3, style: CellStyle(attributes: .underline))
            frame.put(" ETA 4 min ", x: 10, y: 3, style: CellStyle(attributes: .reverse))
            frame.put("┌─┐└─┘│", x: 0, y: 4)
            frame[width - 1, height - 1] = Cell("⠿", style: .colored(11, on: 0))  // the bottom-right corner
            return frame
        }

        @Test func cellsReadBackAsDrawn() throws {
            let frame = Self.sampleFrame()
            try withOffscreen(width: frame.width, height: frame.height) { terminal in
                #expect(terminal.size == TerminalSize(width: 24, height: 6))
                terminal.draw(frame)
                let shown = terminal.screenContents()
                #expect(shown.lines == frame.lines)
                #expect(shown == frame)
                #expect(terminal.stats.frames == 1)
                #expect(terminal.stats.lastFrameCells == frame.width * frame.height)
            }
        }

        @Test func oneChangedCellWritesFarFewerBytesThanTheFirstFrame() throws {
            try withTemporaryFile { path in
                try withOffscreen(width: 80, height: 24, outputPath: path) { terminal in
                    var frame = CellBuffer(width: 80, height: 24)
                    for y in 0..<24 {
                        for x in 0..<80 {
                            let dots = Character(Unicode.Scalar(0x2800 + UInt32((x * 7 + y * 13) % 256))!)
                            frame[x, y] = Cell(dots, style: .colored(UInt8(16 + (x + y) % 200)))
                        }
                    }
                    terminal.draw(frame)
                    let first = try #require(terminal.stats.lastFrameBytes)

                    frame[40, 12] = Cell("▲", style: .colored(196, on: 0, .bold))
                    terminal.draw(frame)
                    let second = try #require(terminal.stats.lastFrameBytes)
                    #expect(terminal.stats.lastFrameCells == 1)
                    #expect(second > 0)
                    #expect(second * 100 < first, "first frame \(first) B, one-cell frame \(second) B")

                    terminal.draw(frame)
                    #expect(terminal.stats.lastFrameCells == 0)
                    #expect(terminal.stats.lastFrameBytes == 0)

                    let fileSize = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
                    #expect(fileSize == terminal.stats.bytesWritten)
                    #expect(terminal.screenContents() == frame)
                }
            }
        }

        @Test func wideGlyphsTakeTwoCellsAndUndrawableOnesBecomeQuestionMarks() throws {
            try withOffscreen(width: 8, height: 1) { terminal in
                var frame = CellBuffer(width: 8, height: 1)
                frame.put("a漢\u{7}e\u{301}b", x: 0, y: 0)
                terminal.draw(frame)
                #expect(terminal.screenContents().lines == ["a漢?éb  "])
            }
        }

        @Test func wideGlyphsReadBackAsDrawnAndReplaceEachOther() throws {
            try withOffscreen(width: 12, height: 2) { terminal in
                var frame = CellBuffer(width: 12, height: 2)
                frame.put("東京 station", x: 0, y: 0, style: .colored(33))
                frame.put("a🚕b", x: 0, y: 1, style: .colored(196, on: 17, .bold))
                terminal.draw(frame)
                #expect(terminal.screenContents() == frame)
                #expect(terminal.stats.lastFrameCells == 24)

                // A narrow glyph over the right half of 京 blanks its left half; a wide one over "st" replaces both.
                frame[3, 0] = Cell("x")
                frame[5, 0] = Cell("駅")
                terminal.draw(frame)
                #expect(terminal.screenContents().lines == ["東 x 駅ation", "a🚕b        "])
                #expect(terminal.screenContents() == frame)
            }
        }

        @Test func aWideGlyphCutByTheRightEdgeIsNotHalfDrawn() throws {
            try withOffscreen(width: 5, height: 1) { terminal in
                var wide = CellBuffer(width: 6, height: 1)
                wide.put("abcd漢", x: 0, y: 0)
                terminal.draw(wide)
                #expect(terminal.screenContents().lines == ["abcd?"])
            }
        }

        @Test func buffersOfAnotherSizeAreClippedOrPadded() throws {
            try withOffscreen(width: 6, height: 2) { terminal in
                var wide = CellBuffer(width: 10, height: 3)
                wide.put("0123456789", x: 0, y: 0)
                terminal.draw(wide)
                #expect(terminal.screenContents().lines == ["012345", "      "])
                var narrow = CellBuffer(width: 2, height: 1)
                narrow.put("ab", x: 0, y: 0)
                terminal.draw(narrow)
                #expect(terminal.screenContents().lines == ["ab    ", "      "])
            }
        }

        @Test func resizeIsReportedAndDrawingFollowsTheNewSize() throws {
            try withOffscreen(width: 40, height: 10) { terminal in
                terminal.draw(Self.sampleFrame(width: 40, height: 10))
                terminal.resize(width: 30, height: 8)
                #expect(terminal.readEvent(timeout: .milliseconds(500)) == .resize(width: 30, height: 8))
                #expect(terminal.size == TerminalSize(width: 30, height: 8))
                let frame = Self.sampleFrame(width: 30, height: 8)
                terminal.draw(frame)
                #expect(terminal.screenContents() == frame)

                terminal.resize(width: 2, height: 1)
                #expect(terminal.readEvent(timeout: .milliseconds(500)) == .resize(width: 2, height: 1))
                terminal.draw(frame)
                #expect(terminal.screenContents().lines == ["⣿⡇"])
            }
        }

        @Test func suspendAndResumeRepaintEverything() throws {
            try withTemporaryFile { path in
                try withOffscreen(width: 24, height: 6, outputPath: path) { terminal in
                    let frame = Self.sampleFrame()
                    terminal.draw(frame)
                    let afterFirstFrame = try #require(terminal.stats.bytesWritten)
                    terminal.suspend()
                    #expect(terminal.readEvent(timeout: .zero) == nil)
                    terminal.draw(frame)  // ignored while suspended
                    terminal.resume()
                    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
                    #expect(size - afterFirstFrame > frame.width * frame.height)
                    #expect(terminal.screenContents() == frame)
                    terminal.forceFullRedraw()
                    #expect(terminal.screenContents() == frame)
                }
            }
        }
    }
}
