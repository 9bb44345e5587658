import CNcursesw

extension Key {
    /// The key for an ncurses keypad code (`wget_wch` returned `KEY_CODE_YES`); `nil` for codes tripterm does
    /// not use (and for KEY_RESIZE and KEY_MOUSE, which are not keys).
    static func fromKeypadCode(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_BTAB: return .backTab
        case KEY_IC: return .insert
        case KEY_DC: return .delete
        // Find and Select sit where Home and End do on a VT220's keypad, and rxvt's entry names `\E[1~` and `\E[4~`
        // so, which are what tmux sends for Home and End.
        case KEY_HOME, KEY_FIND: return .home
        case KEY_END, KEY_SELECT: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case cn_key_f(1)...cn_key_f(63): return .function(Int(code - cn_key_f(0)))
        default: return nil
        }
    }
}
