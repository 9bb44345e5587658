/// Colour pairs allocated on demand, one per (foreground, background) seen, so themes can use any palette
/// colours without declaring pairs up front.
///
/// When the terminal has no pair left, a cell falls back to an existing pair with the same foreground (keeping
/// the colour that carries meaning, such as the vehicle's) and otherwise to pair 0, the default colours. Pairs
/// are never re-defined: ncurses would repaint every cell already using the pair in its new colours.
struct ColorPairCache {
    /// A pair's colours as curses numbers (-1 is the terminal's default).
    struct Colors: Hashable {
        var foreground: Int16
        var background: Int16
    }

    /// The highest pair number that may be allocated.
    let limit: Int
    private let allocate: (Int16, Colors) -> Bool
    private var pairs: [Colors: Int16] = [:]
    private var colorsByPair: [Int16: Colors] = [:]
    private var foregroundFallbacks: [Int16: Int16] = [:]
    private(set) var fallbacks = 0

    /// `allocate(pair, colors)` defines a pair (`init_pair`) and says whether it worked.
    init(limit: Int, allocate: @escaping (Int16, Colors) -> Bool) {
        self.limit = max(0, min(limit, Int(Int16.max)))
        self.allocate = allocate
    }

    var allocated: Int { pairs.count }

    /// The pair to draw `colors` with, allocating it if there is room.
    mutating func pair(for colors: Colors) -> Int16 {
        if colors.foreground == -1 && colors.background == -1 { return 0 }
        if let pair = pairs[colors] { return pair }
        let next = pairs.count + 1
        if next <= limit, allocate(Int16(next), colors) {
            let pair = Int16(next)
            pairs[colors] = pair
            colorsByPair[pair] = colors
            if foregroundFallbacks[colors.foreground] == nil { foregroundFallbacks[colors.foreground] = pair }
            return pair
        }
        fallbacks += 1
        return foregroundFallbacks[colors.foreground] ?? 0
    }

    /// The colours of a pair this cache allocated; pair 0 is the default colours.
    func colors(ofPair pair: Int16) -> Colors? {
        pair == 0 ? Colors(foreground: -1, background: -1) : colorsByPair[pair]
    }
}
