#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's character type (`LC_CTYPE`), set once, before the first prompt, form or width
/// calculation needs it, so libedit, ncurses and the C library's width functions agree that
/// text is UTF-8. Commands that need none of them (`api`, a listing piped to a file) never pay
/// for it: setting it costs 0.05 ms and 9 page faults, more than a whole library load that
/// start-up work removed.
///
/// A C program starts in the "C" locale whatever the environment says; libedit then cannot
/// turn a prompt holding `Sjøgata` into wide characters (it crashed on it) nor a typed `Åse
/// Øvrebø` back into bytes (it was lost). fieldops only ever reads and writes UTF-8, so the
/// character type is the environment's when that is a UTF-8 locale, and C.UTF-8 otherwise
/// (none named, "C"/"POSIX", or another character set). Only `LC_CTYPE` changes: numbers,
/// dates and messages stay as they are.
public enum TextLocale {
    /// Whether the character type is UTF-8, set by the first call (see `establish`); every
    /// user of libedit, ncurses or `wcwidth` calls this first.
    @discardableResult
    public static func ensureUTF8() -> Bool { established }

    private static let established = establish()

    /// Sets the character type; returns whether it is UTF-8 now (false only on a system
    /// without the C.UTF-8 locale).
    @discardableResult
    static func establish() -> Bool {
        if setlocale(LC_CTYPE, "") != nil, isUTF8 { return true }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
            if isUTF8 { return true }
        }
        return false
    }

    /// Whether the current character type is UTF-8.
    public static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }
}
