import CNcursesw
import TerminalCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension NcursesTerminal {
    public func draw(_ buffer: CellBuffer) {
        guard phase == .active else { return }
        let clock = ContinuousClock()
        let started = clock.now
        let positionBefore = outputPosition()
        let size = self.size
        let previous = lastFrame
        var character = cchar_t()
        var written = 0
        for y in 0..<size.height {
            var x = 0
            while x < size.width {
                let cell = buffer[x, y]
                // A wide glyph and its continuation cell are compared and drawn as one.
                let next = buffer[x + 1, y]
                let span = !cell.isContinuation && next.isContinuation ? 2 : 1
                defer { x += span }
                if let previous, previous[x, y] == cell, span == 1 || previous[x + 1, y] == next { continue }
                let glyph = cell.isContinuation ? " " : cell.grapheme  // a right half whose glyph is off screen
                let columns = CellEncoder.encode(
                    glyph, maxColumns: min(span, size.width - x),
                    attributes: CellEncoder.attributes(cell.style.attributes), pair: pair(for: cell.style),
                    into: &character)
                // The bottom-right cell returns ERR (the cursor cannot advance past it) but is drawn.
                _ = mvwadd_wch(window, Int32(y), Int32(x), &character)
                written += columns
                if span == 2, columns == 1, x + 1 < size.width {
                    // The glyph was drawn narrow (`?`, or a one-column emoji base): its right half is a blank.
                    CellEncoder.encode(
                        " ", attributes: CellEncoder.attributes(next.style.attributes), pair: pair(for: next.style),
                        into: &character)
                    _ = mvwadd_wch(window, Int32(y), Int32(x + 1), &character)
                    written += 1
                }
            }
        }
        lastFrame = buffer
        _ = wnoutrefresh(window)
        _ = doupdate()

        stats.frames += 1
        stats.lastFrameCells = written
        stats.cellsWritten += written
        stats.colorPairs = colorPairs.allocated
        stats.colorPairFallbacks = colorPairs.fallbacks
        if let positionBefore, let positionAfter = outputPosition() {
            stats.lastFrameBytes = positionAfter - positionBefore
            stats.bytesWritten = positionAfter
        }
        stats.lastFrameDuration = started.duration(to: clock.now)
    }

    /// What ncurses believes the terminal shows now (its `curscr`), as cells: the glyph, the colours and the
    /// attributes of each. Tests compare it with the frame they drew.
    public func screenContents() -> CellBuffer {
        guard phase != .restored, let shown = cn_curscr() else { return CellBuffer(width: 0, height: 0) }
        let width = Int(getmaxx(shown))
        let height = Int(getmaxy(shown))
        var buffer = CellBuffer(width: width, height: height)
        // curscr's cursor is where ncurses thinks the terminal's cursor is: put it back after reading.
        let cursorY = getcury(shown)
        let cursorX = getcurx(shown)
        var character = cchar_t()
        for y in 0..<height {
            var x = 0
            while x < width {
                defer { x += 1 }
                guard mvwin_wch(shown, Int32(y), Int32(x), &character) == OK else { continue }
                let (grapheme, attributes, pair) = CellEncoder.decode(character)
                let colors = colorPairs.colors(ofPair: pair) ?? .init(foreground: -1, background: -1)
                // Writing a wide glyph through the subscript also makes its continuation cell.
                buffer[x, y] = Cell(
                    grapheme,
                    style: CellStyle(
                        foreground: Self.color(colors.foreground), background: Self.color(colors.background),
                        attributes: CellEncoder.cellAttributes(attributes)))
                // ncurses keeps a wide glyph's right half as a second copy of it: skip that.
                if let first = grapheme.unicodeScalars.first, CellEncoder.columns(first) == 2 { x += 1 }
            }
        }
        _ = wmove(shown, cursorY, cursorX)
        return buffer
    }

    func pair(for style: CellStyle) -> Int16 {
        guard colors.usesColor, style.foreground != .default || style.background != .default else { return 0 }
        let wanted = ColorPairCache.Colors(
            foreground: colors.foreground(style.foreground), background: colors.background(style.background))
        return colorPairs.pair(for: wanted)
    }

    /// Bytes written to the output so far, when it is a regular file.
    private func outputPosition() -> Int? {
        guard outputIsMeasurable else { return nil }
        let position = lseek(outputDescriptor, 0, SEEK_CUR)
        return position < 0 ? nil : Int(position)
    }

    private static func color(_ number: Int16) -> TerminalColor {
        number < 0 ? .default : .palette(UInt8(clamping: number))
    }
}
