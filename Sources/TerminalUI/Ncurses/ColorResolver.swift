import TerminalCore

/// Turns `TerminalColor`s into curses colour numbers for the terminal at hand: the terminal's default is -1 when
/// `use_default_colors` worked, palette indices the terminal lacks become the nearest colour it has (256 → 16 → 8),
/// and with no colour support at all everything is "no colour".
struct ColorResolver: Sendable {
    /// How many colours the terminal has (`COLORS`); below 8 colour is not used.
    let colorCount: Int
    /// Whether -1 (the terminal's own default) is allowed in pairs.
    let defaultColors: Bool

    var usesColor: Bool { colorCount >= 8 }

    /// The curses colour for a foreground, -1 for the default.
    func foreground(_ color: TerminalColor) -> Int16 { resolve(color, defaultIndex: 7) }

    /// The curses colour for a background, -1 for the default.
    func background(_ color: TerminalColor) -> Int16 { resolve(color, defaultIndex: 0) }

    private func resolve(_ color: TerminalColor, defaultIndex: Int16) -> Int16 {
        switch color {
        case .default: defaultColors ? -1 : defaultIndex
        case .palette(let index): Int16(Self.nearest(Int(index), within: colorCount))
        }
    }

    /// The palette index to use for xterm colour `index` on a terminal with `count` colours.
    static func nearest(_ index: Int, within count: Int) -> Int {
        if index < count { return index }
        let available = count >= 16 ? 16 : 8
        if index < 16 { return index - 8 }  // bright → normal on an 8-colour terminal
        let target = rgb(index)
        var best = 0
        var bestDistance = Int.max
        for candidate in 0..<available {
            let (r, g, b) = basic[candidate]
            let distance =
                (r - target.0) * (r - target.0) + (g - target.1) * (g - target.1)
                + (b - target.2) * (b - target.2)
            if distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        return best
    }

    /// xterm's RGB for a 256-colour index ≥ 16: the 6×6×6 cube, then 24 greys.
    private static func rgb(_ index: Int) -> (Int, Int, Int) {
        if index >= 232 {
            let level = 8 + 10 * (index - 232)
            return (level, level, level)
        }
        let levels = [0, 95, 135, 175, 215, 255]
        let cube = index - 16
        return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
    }

    /// xterm's default RGB for the 16 basic colours.
    private static let basic: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
        (0, 255, 255), (255, 255, 255),
    ]
}
