/// The whole-cell glyphs drawn over the raster: markers, off-screen indicators and the scale bar. `.unicode` uses
/// arrows and symbols; `.ascii` only printable ASCII, for `--ascii` and terminals without Unicode fonts.
public struct GlyphSet: Hashable, Sendable {
    /// Vehicle glyphs for evenly spaced headings, clockwise from north (8 for `.unicode`, 4 for `.ascii`).
    public var vehicleHeadings: [Character]
    /// The vehicle when its heading is unknown.
    public var vehicle: Character
    public var pickup: Character
    public var dropoff: Character
    /// Glyphs for intermediate stops 1, 2, 3…; stops past the end use ``manyStops``.
    public var stops: [Character]
    public var manyStops: Character
    /// Arrows pointing at an off-screen marker, for 8 directions clockwise from north.
    public var offscreenArrows: [Character]
    /// Left end, body and right end of the scale bar.
    public var scaleBar: (left: Character, body: Character, right: Character) {
        get { (scaleBarGlyphs[0], scaleBarGlyphs[1], scaleBarGlyphs[2]) }
        set { scaleBarGlyphs = [newValue.left, newValue.body, newValue.right] }
    }
    private var scaleBarGlyphs: [Character]

    public init(
        vehicleHeadings: [Character], vehicle: Character, pickup: Character, dropoff: Character, stops: [Character],
        manyStops: Character, offscreenArrows: [Character],
        scaleBar: (left: Character, body: Character, right: Character)
    ) {
        self.vehicleHeadings = vehicleHeadings.isEmpty ? [vehicle] : vehicleHeadings
        self.vehicle = vehicle
        self.pickup = pickup
        self.dropoff = dropoff
        self.stops = stops
        self.manyStops = manyStops
        self.offscreenArrows = offscreenArrows.count == 8 ? offscreenArrows : Array(repeating: "*", count: 8)
        scaleBarGlyphs = [scaleBar.left, scaleBar.body, scaleBar.right]
    }

    public static let unicode = GlyphSet(
        vehicleHeadings: ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"], vehicle: "●", pickup: "◎", dropoff: "⚑",
        stops: Array("123456789"), manyStops: "+", offscreenArrows: ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"],
        scaleBar: ("├", "─", "┤"))

    public static let ascii = GlyphSet(
        vehicleHeadings: ["^", ">", "v", "<"], vehicle: "@", pickup: "P", dropoff: "D",
        stops: Array("123456789"), manyStops: "+", offscreenArrows: ["^", "/", ">", "\\", "v", "/", "<", "\\"],
        scaleBar: ("|", "-", "|"))

    /// The vehicle glyph for a heading in degrees clockwise from north (nil: heading unknown).
    public func vehicle(heading: Double?) -> Character {
        guard let heading, heading.isFinite else { return vehicle }
        return vehicleHeadings[Self.sector(of: heading, count: vehicleHeadings.count)]
    }

    /// The glyph of intermediate stop `number` (1-based).
    public func stop(number: Int) -> Character {
        number >= 1 && number <= stops.count ? stops[number - 1] : manyStops
    }

    /// The arrow pointing in `bearing` degrees clockwise from north (screen up).
    public func offscreenArrow(bearing: Double) -> Character {
        offscreenArrows[Self.sector(of: bearing, count: 8)]
    }

    static func sector(of degrees: Double, count: Int) -> Int {
        let width = 360 / Double(count)
        var normalized = degrees.truncatingRemainder(dividingBy: 360)
        if normalized < 0 { normalized += 360 }
        return Int((normalized / width).rounded()) % count
    }
}
