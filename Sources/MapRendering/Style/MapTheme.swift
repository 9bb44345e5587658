import TerminalCore

/// Colours and attributes for each ``MapRole``. Three built-ins follow the usual degradation: 256 colours (the
/// default), the 16 basic colours (Linux console, `TERM=xterm`), and monochrome (`NO_COLOR`, `--no-color`), where
/// shape and attributes alone keep the meaning: route bold, traffic underlined or reversed, markers bold.
public struct MapTheme: Hashable, Sendable {
    public var name: String
    /// Styles indexed by `MapRole.rawValue`.
    public private(set) var styles: [CellStyle]

    /// A theme from a style per role; roles missing from `styles` are drawn plain.
    public init(name: String, styles: [MapRole: CellStyle]) {
        self.name = name
        self.styles = MapRole.allCases.map { styles[$0] ?? .plain }
    }

    public func style(for role: MapRole) -> CellStyle { styles[Int(role.rawValue)] }

    public mutating func setStyle(_ style: CellStyle, for role: MapRole) { styles[Int(role.rawValue)] = style }

    /// xterm-256 colours on a dark background: grey roads, brighter when more important; the Consumer SDK's blue
    /// route with orange and red traffic; green pickup, magenta dropoff, the vehicle white on blue.
    public static let color256 = MapTheme(
        name: "256",
        styles: [
            .roadService: fg(238), .roadLocal: fg(242), .roadSecondary: fg(246), .roadPrimary: fg(250),
            .roadMotorway: fg(180), .trail: fg(66), .route: fg(67), .activeRoute: fg(33),
            .trafficSlow: fg(214), .trafficJam: fg(196),
            .stop: fg(220, bold: true), .pickup: fg(46, bold: true), .dropoff: fg(207, bold: true),
            .vehicle: CellStyle(foreground: .palette(231), background: .palette(25), attributes: .bold),
            .label: fg(252), .scaleBar: fg(255),
        ])

    /// The 16 basic colours only.
    public static let color16 = MapTheme(
        name: "16",
        styles: [
            .roadService: fg(8), .roadLocal: fg(8), .roadSecondary: fg(7), .roadPrimary: fg(7),
            .roadMotorway: fg(3), .trail: fg(6), .route: fg(4), .activeRoute: fg(12),
            .trafficSlow: fg(11), .trafficJam: fg(9),
            .stop: fg(11, bold: true), .pickup: fg(10, bold: true), .dropoff: fg(13, bold: true),
            .vehicle: CellStyle(foreground: .palette(15), background: .palette(4), attributes: .bold),
            .label: fg(7), .scaleBar: fg(7),
        ])

    /// No colours: roads dim, the active route bold, slow traffic underlined, jams reversed, markers bold and the
    /// vehicle reversed.
    public static let monochrome = MapTheme(
        name: "mono",
        styles: [
            .roadService: attrs(.dim), .roadLocal: attrs(.dim), .roadSecondary: attrs(.dim), .roadPrimary: .plain,
            .roadMotorway: .plain, .trail: attrs(.dim), .route: .plain, .activeRoute: attrs(.bold),
            .trafficSlow: attrs([.bold, .underline]), .trafficJam: attrs([.bold, .reverse]),
            .stop: attrs(.bold), .pickup: attrs(.bold), .dropoff: attrs(.bold), .vehicle: attrs([.bold, .reverse]),
            .label: .plain, .scaleBar: .plain,
        ])

    private static func fg(_ colour: UInt8, bold: Bool = false) -> CellStyle {
        CellStyle(foreground: .palette(colour), attributes: bold ? .bold : [])
    }

    private static func attrs(_ attributes: CellAttributes) -> CellStyle { CellStyle(attributes: attributes) }
}
