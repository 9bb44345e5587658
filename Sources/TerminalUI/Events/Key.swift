/// A key press, decoded from whatever the terminal sent (characters, escape sequences, control bytes).
///
/// With the terminal in cbreak mode Ctrl-C and Ctrl-Z arrive as SIGINT and SIGTSTP, which `NcursesTerminal`
/// handles itself (restore and exit; suspend and resume); `.ctrl("c")` and `.ctrl("z")` only appear where the
/// terminal delivers them as bytes.
public enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, punctuation, any Unicode character, space).
    case character(Character)
    /// A control character, by its lower-case letter: Ctrl-L is `.ctrl("l")`. Ctrl-H, Ctrl-I, Ctrl-J, Ctrl-M and
    /// Ctrl-[ are Backspace, Tab, Enter, Enter and Esc, as terminals send them identically.
    case ctrl(Character)
    case up, down, left, right
    case enter, escape, backspace, tab, backTab
    case insert, delete, home, end, pageUp, pageDown
    /// F1…F12 (and beyond on terminals that have them).
    case function(Int)
}

extension Key {
    /// The key for a character code from `wget_wch`: control bytes get their names, everything else is a
    /// character. `nil` for codes that are not Unicode scalars.
    static func fromCharacterCode(_ code: UInt32) -> Key? {
        switch code {
        case 8, 127: return .backspace
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 0: return .ctrl("@")
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        case 28...31: return .ctrl(Character(Unicode.Scalar(UInt8(code) + 0x40)))
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }
}
