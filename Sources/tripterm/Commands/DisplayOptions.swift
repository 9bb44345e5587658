import ArgumentParser
import FleetModel
import Foundation
import MapRendering
import TerminalUI

/// The look of the trip screens, shared by `rider` and `replay`.
struct DisplayOptions: ParsableArguments {
    @Flag(help: "Draw with plain ASCII, for terminals or fonts without Braille and box drawing.")
    var ascii = false

    @Flag(name: .customLong("no-color"), help: "No colours (also when NO_COLOR is set).")
    var noColor = false

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (selection, scrolling).")
    var noMouse = false

    @Option(help: "How the map draws lines: braille (2×4 dots per cell), half (half blocks) or ascii.")
    var marker: MarkerChoice = .braille

    @Option(
        name: .customLong("map"),
        help: ArgumentHelp(
            "A road map (from import-osm) to draw under the trip; by default the bundled map whose area holds the trip.",
            valueName: "file.roadmap"))
    var mapPath: String?

    @Flag(name: .customLong("no-map"), help: "Draw no road map, only the trip.")
    var noMap = false

    enum MarkerChoice: String, ExpressibleByArgument, CaseIterable {
        case braille, half, ascii
        var marker: CanvasMarker {
            switch self {
            case .braille: .braille
            case .half: .halfBlock
            case .ascii: .ascii
            }
        }
    }

    /// The app's options for a terminal with `colors` colours, with the road map from ``baseMap()``.
    func appOptions(colors: Int, isUTF8: Bool = true, baseMap: BaseMap?) -> TripAppOptions {
        let mode = ColorMode.resolve(
            colors: colors, noColorFlag: noColor, environment: ProcessInfo.processInfo.environment)
        return TripAppOptions(colorMode: mode, ascii: ascii || !isUTF8, marker: marker.marker, baseMap: baseMap)
    }

    typealias BaseMap = @Sendable (LatLng) -> [MapRoad]

    /// The road map to draw, per `--map`/`--no-map`. Call it before the screen opens: a `--map` file that is not
    /// a road map is an error then, not a garbled screen later.
    func baseMap() throws -> BaseMap? {
        if noMap { return nil }
        if let mapPath {
            let roads = try BaseMapLocator.explicit(path: mapPath)
            return { _ in roads }
        }
        return BaseMapLocator.automatic()
    }

    var terminalOptions: TerminalOptions { TerminalOptions(mouse: !noMouse, colors: !noColor) }
}
