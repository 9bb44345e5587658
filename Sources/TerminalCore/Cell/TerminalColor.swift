/// A terminal colour: the terminal's default, or an xterm palette index (0–15 the basic colours, 16–255 the
/// 256-colour cube and greys). Themes map roles to these so a 16-colour or monochrome terminal still reads well.
public enum TerminalColor: Hashable, Sendable {
    case `default`
    case palette(UInt8)
}
