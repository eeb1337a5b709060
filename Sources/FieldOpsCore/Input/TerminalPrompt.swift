import FoundationEssentials

/// Questions asked on the controlling terminal: a line of text, or a secret with echo off.
///
/// Prompts go to stderr so that stdout stays clean for `--json` and pipes. On the process's
/// real terminal every prompt reads through `TerminalReader`, so Ctrl-C interrupts the wait at
/// once (exit 130) and the terminal modes come back on every path; lines are edited with
/// libedit (`LineEditor`). Other input (tests' fixed lines, a pipe) is read as plain lines.
public enum TerminalPrompt {
    /// The editor shared by the core's line prompts in this process (its history too).
    private static let editor = Locked<LineEditor?>(nil)

    /// Reads one line after showing `question`; nil at end of input. Throws
    /// `CancellationError` when the command is interrupted while waiting.
    public static func line(_ question: String, stderr: TextStream, stdin: InputSource) throws -> String? {
        guard stdin is StandardInput, stdin.isTerminal else {
            return try stepAside(stderr) {
                stderr.write(question)
                try Task.checkCancellation()
                return stdin.readLine()
            }
        }
        let shared = editor.withLock { editor in
            if editor == nil { editor = LineEditor() }
            return editor
        }
        guard let shared else { return nil }
        return try stepAside(stderr) { try shared.readLine(question) }
    }

    /// Reads one line from the terminal on fd 0 with echo off; nil at end of input.
    public static func secret(_ question: String, stderr: TextStream) throws -> String? {
        try secretBytes(question, stderr: stderr).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The same as bytes, so a caller holding key material can wipe them after use.
    public static func secretBytes(_ question: String, stderr: TextStream) throws -> [UInt8]? {
        try stepAside(stderr) {
            defer { stderr.write("\n") }
            return try TerminalReader.secretBytes { stderr.write(question) }
        }
    }

    /// The status line (a progress bar) steps aside while a question waits for its answer.
    private static func stepAside<T>(_ stderr: TextStream, _ ask: () throws -> T) rethrows -> T {
        guard let statusLine = stderr.statusLine else { return try ask() }
        return try statusLine.pause(ask)
    }
}
