#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts the process in the user's locale, falling back to C.UTF-8 for character handling when that locale is
/// not UTF-8: ncursesw needs a UTF-8 `LC_CTYPE` at run time to send Braille and box drawing (with `LANG` unset
/// the same binary draws `lqqk` and no Braille).
enum LocaleSetup {
    /// Configures the locale once per process and says whether characters are UTF-8.
    static let isUTF8: Bool = {
        _ = setlocale(LC_ALL, "")
        if codesetIsUTF8() { return true }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        return codesetIsUTF8()
    }()

    private static func codesetIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
