import FleetModel
import Foundation
import MapRendering

/// How the trip screens look and behave: `--ascii`, `--no-color`/`NO_COLOR`, `--no-mouse`, the map's dots.
public struct TripAppOptions: Sendable {
    public var colorMode: ColorMode
    public var ascii: Bool
    public var marker: CanvasMarker
    public var timeZone: ClockZone
    /// The longest pause between frames while something moves: 10 frames a second at most.
    public var frameInterval: Duration
    /// The base map drawn under the trip (`--map`, or the bundled map when the trip lies inside it): asked once,
    /// with the trip's first known position, since a live trip's whereabouts are unknown until the first poll.
    public var baseMap: (@Sendable (LatLng) -> [MapRoad])?
    /// The other view of the same trip that Tab switches to (the demo's "driver console"); nil: no Tab key.
    public var switchTarget: String?

    public init(
        colorMode: ColorMode = .color256, ascii: Bool = false, marker: CanvasMarker = .braille,
        timeZone: ClockZone = .local, frameInterval: Duration = .milliseconds(100),
        baseMap: (@Sendable (LatLng) -> [MapRoad])? = nil
    ) {
        self.colorMode = colorMode
        self.ascii = ascii
        self.marker = ascii ? .ascii : marker
        self.timeZone = timeZone
        self.frameInterval = frameInterval
        self.baseMap = baseMap
    }
}

extension TripAppOptions {
    /// The map's colours for the colour mode: every screen with a map draws it in the same theme.
    var mapTheme: MapTheme {
        switch colorMode {
        case .color256: .color256
        case .color16: .color16
        case .monochrome: .monochrome
        }
    }

    /// The map's glyphs: ASCII with `--ascii`.
    var mapGlyphs: GlyphSet { ascii ? .ascii : .unicode }
}
