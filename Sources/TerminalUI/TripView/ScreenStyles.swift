import TerminalCore

/// How many colours the screens may use. Chosen once from the terminal, `--no-color` and `NO_COLOR`; the map's
/// theme and the chrome's styles follow the same choice so nothing is coloured on a monochrome request.
public enum ColorMode: String, Sendable, Hashable, CaseIterable {
    case color256
    case color16
    case monochrome

    /// The no-color.org convention's variable: any non-empty value turns colour off.
    public static let noColorVariable = "NO_COLOR"

    /// The mode for a terminal with `colors` colours, honouring `--no-color` and ``noColorVariable``.
    public static func resolve(colors: Int, noColorFlag: Bool, environment: [String: String]) -> ColorMode {
        if noColorFlag || !(environment[noColorVariable] ?? "").isEmpty || colors < 8 { return .monochrome }
        return colors >= 256 ? .color256 : .color16
    }
}

/// Styles of the screen around the map: panel, status bar, key hints, timeline, overlays.
public struct ScreenStyles: Sendable, Hashable {
    public var text: CellStyle
    public var dim: CellStyle
    public var heading: CellStyle
    public var label: CellStyle
    public var status: CellStyle
    public var finished: CellStyle
    public var warning: CellStyle
    public var recoverable: CellStyle
    public var clientError: CellStyle
    public var bar: CellStyle
    public var key: CellStyle
    public var border: CellStyle
    public var timelineDone: CellStyle
    public var timelineLeft: CellStyle
    public var timelineTick: CellStyle
    public var overlay: CellStyle

    public static func forMode(_ mode: ColorMode) -> ScreenStyles {
        switch mode {
        case .color256: color256
        case .color16: color16
        case .monochrome: monochrome
        }
    }

    private static func fg(_ index: UInt8, _ attributes: CellAttributes = []) -> CellStyle {
        CellStyle(foreground: .palette(index), attributes: attributes)
    }

    public static let color256 = ScreenStyles(
        text: .plain, dim: fg(245), heading: fg(255, .bold), label: fg(109), status: fg(39, .bold),
        finished: fg(114, .bold), warning: fg(214, .bold), recoverable: fg(214), clientError: fg(203, .bold),
        bar: CellStyle(foreground: .palette(252), background: .palette(236)), key: fg(81, .bold), border: fg(240),
        timelineDone: fg(39), timelineLeft: fg(240), timelineTick: fg(214, .bold),
        overlay: CellStyle(foreground: .palette(252), background: .palette(235)))

    public static let color16 = ScreenStyles(
        text: .plain, dim: fg(8), heading: fg(15, .bold), label: fg(6), status: fg(12, .bold),
        finished: fg(10, .bold), warning: fg(11, .bold), recoverable: fg(11), clientError: fg(9, .bold),
        bar: CellStyle(attributes: .reverse), key: fg(14, .bold), border: fg(8),
        timelineDone: fg(12), timelineLeft: fg(8), timelineTick: fg(11, .bold), overlay: CellStyle(attributes: .reverse)
    )

    public static let monochrome = ScreenStyles(
        text: .plain, dim: CellStyle(attributes: .dim), heading: CellStyle(attributes: .bold), label: .plain,
        status: CellStyle(attributes: .bold), finished: CellStyle(attributes: .bold),
        warning: CellStyle(attributes: .bold), recoverable: CellStyle(attributes: .underline),
        clientError: CellStyle(attributes: [.bold, .reverse]), bar: CellStyle(attributes: .reverse),
        key: CellStyle(attributes: .bold), border: CellStyle(attributes: .dim),
        timelineDone: CellStyle(attributes: .bold),
        timelineLeft: CellStyle(attributes: .dim), timelineTick: CellStyle(attributes: .bold),
        overlay: CellStyle(attributes: .reverse))
}
