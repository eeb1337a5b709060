import FieldOpsCore
import FoundationEssentials

/// Where the line-mode form reads a person's lines from.
protocol PromptInput: Sendable {
    /// One line without its newline, after showing `prompt`; nil at end of input. Throws
    /// `CancellationError` when the command was interrupted (Ctrl-C) while waiting.
    func readLine(prompt: String) throws -> String?
}

/// The controlling terminal, through the core's libedit line editor: arrows and Backspace
/// edit the line, the up arrow recalls earlier answers, and Ctrl-C interrupts at once (the
/// core's `TerminalReader` reads the keys).
struct TerminalLineReader: PromptInput {
    let editor: LineEditor

    func readLine(prompt: String) throws -> String? {
        try editor.readLine(prompt)
    }
}

/// Any other input source (tests drive the form with fixed lines marked as a terminal).
struct SourceLineReader: PromptInput {
    var source: InputSource
    var screen: TextStream

    func readLine(prompt: String) throws -> String? {
        screen.write(prompt)
        try Task.checkCancellation()
        return source.readLine()
    }
}

/// The reader for a command's stdin: the line editor on the process's real terminal, the
/// source itself otherwise.
func promptInput(for source: InputSource, screen: TextStream) -> any PromptInput {
    source is StandardInput && source.isTerminal
        ? TerminalLineReader(editor: LineEditor()) : SourceLineReader(source: source, screen: screen)
}
