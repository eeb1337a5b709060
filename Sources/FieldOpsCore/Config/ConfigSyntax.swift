/// Small lexical checks shared by the parser and the editor.
enum ConfigSyntax {
    /// The 1-based column of a tab inside the leading whitespace of `line`, if any.
    static func tabInIndentation(_ line: String) -> Int? {
        var column = 1
        for character in line {
            if character == "\t" { return column }
            if character != " " { return nil }
            column += 1
        }
        return nil
    }
}
