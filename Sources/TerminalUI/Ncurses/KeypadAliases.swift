import CNcursesw

/// The other spellings terminals use for the cursor and Home/End keys, taught to ncurses where the terminal's own
/// terminfo entry leaves them unbound.
///
/// terminfo gives one string per key, and the terminal in between does not always send it. The common case is
/// `TERM=xterm-256color` inside tmux or screen: the entry says Home is `\EOH`, tmux sends `\E[1~`, and ncurses reads
/// Esc, `[`, `1`, `~` — and Esc closes a pane or quits. A sequence the entry already binds keeps its meaning.
enum KeypadAliases {
    /// VT220 (tmux, screen, the Linux console), rxvt, and xterm's in both cursor-key modes (`\E[A` normal,
    /// `\EOA` application), which entries such as screen's or linux's spell the other way.
    static let sequences: [(sequence: String, code: Int32)] = [
        ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
        ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
        ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
        ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
    ]

    /// Binds each sequence the current screen's terminal does not (`key_defined` is 0 for an unknown sequence, the
    /// key's code for a bound one, -1 for the prefix of a longer one).
    static func install() {
        for alias in sequences where key_defined(alias.sequence) == 0 {
            _ = define_key(alias.sequence, alias.code)
        }
    }
}
