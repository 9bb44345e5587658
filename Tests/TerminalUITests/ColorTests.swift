import MapRendering
import TerminalCore
import Testing

@testable import TerminalUI

extension NcursesTests {
    @Suite struct Colors {
        /// 256 foregrounds on two backgrounds: far more pairs than allowed.
        static func rainbow() -> CellBuffer {
            var frame = CellBuffer(width: 32, height: 16)
            for index in 0..<512 {
                let style = CellStyle.colored(UInt8(index % 256), on: index < 256 ? nil : 4)
                frame[index % 32, index / 32] = Cell("⣿", style: style)
            }
            return frame
        }

        @Test func runningOutOfPairsFallsBackWithoutCrashing() throws {
            let frame = Self.rainbow()
            try withOffscreen(width: 32, height: 16, options: TerminalOptions(maxColorPairs: 8)) { terminal in
                terminal.draw(frame)
                terminal.draw(frame)
                #expect(terminal.stats.colorPairs == 8)
                #expect(terminal.stats.colorPairFallbacks > 0)
                let shown = terminal.screenContents()
                #expect(shown.lines == frame.lines)
                // The first eight colours got pairs of their own and read back exactly.
                for x in 0..<8 { #expect(shown[x, 0] == frame[x, 0]) }
                // Later ones: same foreground if a pair had it, else the default colours; never garbage.
                #expect(shown[20, 0].style == CellStyle())
                #expect(shown[2, 8].style == .colored(2))
            }
        }

        @Test func aSmallTerminalRunsOutOfRealPairs() throws {
            // xterm: 8 colours, 64 pairs. 256 colours downgrade to 8, on 2 backgrounds: under 64 combinations;
            // all 256×256 combinations do not fit.
            try withOffscreen(type: "xterm", width: 32, height: 16) { terminal in
                terminal.draw(Self.rainbow())
                #expect(terminal.stats.colorPairFallbacks == 0)
                var every = CellBuffer(width: 32, height: 16)
                for index in 0..<512 {
                    every[index % 32, index / 32] = Cell("x", style: .colored(UInt8(index % 16), on: UInt8(index / 32)))
                }
                terminal.draw(every)
                #expect(terminal.stats.colorPairs == 63)
                #expect(terminal.stats.colorPairFallbacks > 0)
                #expect(terminal.screenContents().lines == every.lines)
                // 196 (bright red in the cube) is drawn as red on an 8-colour terminal.
                var red = CellBuffer(width: 1, height: 1)
                red[0, 0] = Cell("▲", style: .colored(196))
                terminal.draw(red)
                #expect(terminal.screenContents()[0, 0].style.foreground == .palette(1))
            }
        }

        @Test func withoutColorsOnlyAttributesRemain() throws {
            try withOffscreen(width: 32, height: 16, options: TerminalOptions(colors: false)) { terminal in
                var frame = Self.rainbow()
                frame[0, 0] = Cell("▲", style: .colored(196, on: 0, [.bold, .underline]))
                terminal.draw(frame)
                let shown = terminal.screenContents()
                #expect(shown[0, 0] == Cell("▲", style: CellStyle(attributes: [.bold, .underline])))
                #expect(shown[5, 5].style == CellStyle())
                #expect(terminal.stats.colorPairs == 0)
            }
        }
    }
}

@Suite struct ColorChoiceTests {
    @Test func paletteColoursDowngradeToTheNearestTheTerminalHas() {
        #expect(ColorResolver.nearest(196, within: 256) == 196)
        #expect(ColorResolver.nearest(196, within: 16) == 9)
        #expect(ColorResolver.nearest(196, within: 8) == 1)
        #expect(ColorResolver.nearest(9, within: 8) == 1)
        #expect(ColorResolver.nearest(21, within: 16) == 4)  // pure blue → xterm's blue (0,0,238)
        #expect(ColorResolver.nearest(232, within: 8) == 0)
        #expect(ColorResolver.nearest(255, within: 16) == 7)  // grey 238 → light grey (229)
        #expect(ColorResolver.nearest(231, within: 16) == 15)  // cube white → bright white
    }

    @Test func pairsAreAllocatedOnceAndFallBackByForeground() {
        var defined: [Int16] = []
        var cache = ColorPairCache(limit: 2) { pair, _ in
            defined.append(pair)
            return true
        }
        let red = ColorPairCache.Colors(foreground: 1, background: -1)
        let green = ColorPairCache.Colors(foreground: 2, background: -1)
        #expect(cache.pair(for: .init(foreground: -1, background: -1)) == 0)
        #expect(cache.pair(for: red) == 1)
        #expect(cache.pair(for: green) == 2)
        #expect(cache.pair(for: red) == 1)
        #expect(cache.pair(for: .init(foreground: 1, background: 4)) == 1)  // full: same foreground
        #expect(cache.pair(for: .init(foreground: 5, background: 4)) == 0)  // full: defaults
        #expect(cache.fallbacks == 2)
        #expect(defined == [1, 2])
        #expect(cache.colors(ofPair: 2) == green)
    }
}
