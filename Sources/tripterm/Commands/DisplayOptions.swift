import ArgumentParser
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

    /// The app's options for a terminal with `colors` colours.
    func appOptions(colors: Int, isUTF8: Bool = true) -> TripAppOptions {
        let mode = ColorMode.resolve(colors: colors, noColorFlag: noColor, environment: ProcessInfo.processInfo.environment)
        return TripAppOptions(colorMode: mode, ascii: ascii || !isUTF8, marker: marker.marker)
    }

    var terminalOptions: TerminalOptions { TerminalOptions(mouse: !noMouse, colors: !noColor) }
}
