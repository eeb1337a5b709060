/// The text being typed into one field (or table cell), with its cursor.
struct TextBuffer: Sendable, Equatable {
    private(set) var characters: [Character]
    private(set) var cursor: Int

    init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    var text: String { String(characters) }

    mutating func insert(_ character: Character) {
        characters.insert(character, at: cursor)
        cursor += 1
    }

    mutating func backspace() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    mutating func delete() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    mutating func left() { cursor = max(0, cursor - 1) }
    mutating func right() { cursor = min(characters.count, cursor + 1) }
    mutating func home() { cursor = 0 }
    mutating func end() { cursor = characters.count }

    /// Ctrl-U: the line goes, as in a shell.
    mutating func clear() {
        characters = []
        cursor = 0
    }

    /// Replaces the text (a completion, an external editor's result), cursor at the end.
    mutating func set(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    /// The line and column of the cursor in multi-line text.
    var cursorLineAndColumn: (line: Int, column: Int) {
        var line = 0
        var column = 0
        for character in characters.prefix(cursor) {
            if character == "\n" {
                line += 1
                column = 0
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
