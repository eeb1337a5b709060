/// One key press as the form reads it (decoded from ncurses' key codes).
enum FormKey: Sendable, Equatable {
    case character(Character)
    /// Ctrl plus a letter (`ctrl("e")` is Ctrl-E).
    case control(Character)
    /// Esc followed by a character (what Alt plus the key sends), or a lone Esc.
    case escape(Character?)
    case tab, backTab, enter, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    case resize
}
