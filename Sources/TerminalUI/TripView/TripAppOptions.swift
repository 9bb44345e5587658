import Foundation
import MapRendering

/// How the trip screens look and behave: `--ascii`, `--no-color`/`NO_COLOR`, `--no-mouse`, the map's dots.
public struct TripAppOptions: Sendable, Hashable {
    public var colorMode: ColorMode
    public var ascii: Bool
    public var marker: CanvasMarker
    public var timeZone: TimeZone
    /// The longest pause between frames while something moves: 10 frames a second at most.
    public var frameInterval: Duration

    public init(
        colorMode: ColorMode = .color256, ascii: Bool = false, marker: CanvasMarker = .braille,
        timeZone: TimeZone = .current, frameInterval: Duration = .milliseconds(100)
    ) {
        self.colorMode = colorMode
        self.ascii = ascii
        self.marker = ascii ? .ascii : marker
        self.timeZone = timeZone
        self.frameInterval = frameInterval
    }
}
