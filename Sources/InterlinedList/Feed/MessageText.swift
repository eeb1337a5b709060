import FieldOpsCore
import FoundationEssentials

/// The text of a post or reply as `il post` and `il reply` send it.
enum MessageText {
    /// `argument`, or stdin when it is `-`, without its trailing line breaks; `empty` is the
    /// usage error when nothing but blanks is left.
    static func read(_ argument: String, stdin: any InputSource, empty: String) throws -> String {
        var text = argument == "-" ? String(decoding: stdin.readAll(), as: UTF8.self) : argument
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        guard !text.trimmingWhitespace().isEmpty else { throw FieldOpsError.usage(empty) }
        return text
    }
}
