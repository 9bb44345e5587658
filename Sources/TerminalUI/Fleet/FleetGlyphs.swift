import MapRendering
import TerminalCore

/// How a vehicle is drawn on the fleet map: free vehicles as thin arrows by heading, vehicles on a trip as filled
/// triangles, offline ones as a ring; delivery vehicles as diamonds, filled while they have stops ahead; stale ones
/// keep their glyph, greyed. Colour is never the only cue, so the states still read on a monochrome terminal (where
/// on-trip and delivering are bold and stale dim).
struct FleetGlyphs {
    var ascii: Bool
    var styles: ScreenStyles
    /// The map's glyphs, picked once: copying the set for each of thousands of vehicles was a tenth of a frame.
    private let glyphs: GlyphSet

    private static let onTripHeadings: [Character] = ["▲", "▶", "▼", "◀"]
    private static let onTripHeadingsASCII: [Character] = ["A", "}", "V", "{"]

    init(ascii: Bool, styles: ScreenStyles) {
        self.ascii = ascii
        self.styles = styles
        glyphs = ascii ? .ascii : .unicode
    }

    func glyph(for row: FleetRow) -> Character {
        let state = row.state == .stale ? liveState(of: row) : row.state
        if row.isDelivery {
            return state == .delivering ? (ascii ? "D" : "◆") : (ascii ? "d" : "◇")
        }
        switch state {
        case .offline: return ascii ? "o" : "○"
        case .onTrip:
            let set = ascii ? Self.onTripHeadingsASCII : Self.onTripHeadings
            guard let heading = row.heading, heading.isFinite else { return ascii ? "#" : "■" }
            return set[Self.sector(of: heading, count: set.count)]
        case .free, .delivering, .stale: return glyphs.vehicle(heading: row.heading)
        }
    }

    func style(for state: FleetMarkerState) -> CellStyle {
        switch state {
        case .free: styles.finished
        case .onTrip, .delivering: styles.status
        case .offline: styles.label
        case .stale: styles.border
        }
    }

    /// What a stale vehicle claimed to be, for its glyph's shape.
    private func liveState(of row: FleetRow) -> FleetMarkerState {
        if row.isDelivery { return row.stops == 0 ? .free : .delivering }
        return row.trips.isEmpty ? .free : .onTrip
    }

    private static func sector(of degrees: Double, count: Int) -> Int {
        let width = 360 / Double(count)
        var normalized = degrees.truncatingRemainder(dividingBy: 360)
        if normalized < 0 { normalized += 360 }
        return Int((normalized / width).rounded()) % count
    }
}
