import FieldOpsCore
import Foundation

/// Where the interactive form reads a person's lines from.
protocol PromptInput: Sendable {
    /// One line without its newline; nil at end of input. Throws `CancellationError` when the
    /// command was interrupted (Ctrl-C) while waiting.
    func readLine() throws -> String?
}

/// The controlling terminal on fd 0, read so that Ctrl-C is noticed while waiting for a line.
///
/// The core's interrupt handler turns Ctrl-C into a cancellation of the command's task, but a
/// blocking `read` would not see it until Enter; polling with a short timeout does. The line
/// being typed is discarded by the terminal driver, so a Ctrl-C loses at most that field.
struct TerminalLineReader: PromptInput {
    func readLine() throws -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            try Task.checkCancellation()
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            if ready < 0 {
                if errno == EINTR { continue }
                return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
            }
            guard ready > 0 else { continue }
            // Canonical mode hands over a whole line at a time; byte reads keep nothing buffered
            // that a later prompt (or the core's confirmation) would miss.
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            line.append(byte)
        }
    }
}

/// Any other input source (tests drive the form with fixed lines marked as a terminal).
struct SourceLineReader: PromptInput {
    var source: InputSource

    func readLine() throws -> String? {
        try Task.checkCancellation()
        return source.readLine()
    }
}

/// The reader for a command's stdin: the polling terminal reader for the process's real
/// terminal, the source itself otherwise.
func promptInput(for source: InputSource) -> any PromptInput {
    source is StandardInput ? TerminalLineReader() : SourceLineReader(source: source)
}
