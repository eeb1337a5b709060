/// The questions a command asks its person: lines, secrets and confirmations, on stderr, read
/// through the one cancellable terminal reader (`TerminalPrompt`), with `--yes` answering every
/// confirmation and no terminal refusing it.
public struct Prompter: Sendable {
    public let stdin: InputSource
    public let stderr: TextStream
    /// `--yes`: destructive actions proceed without asking.
    public let assumeYes: Bool

    public init(stdin: InputSource, stderr: TextStream, assumeYes: Bool = false) {
        self.stdin = stdin
        self.stderr = stderr
        self.assumeYes = assumeYes
    }

    /// A person can be asked: stdin is a terminal.
    public var canAsk: Bool { stdin.isTerminal }

    /// One line after showing `question`; nil at end of input. Throws `CancellationError` when
    /// the command is interrupted while waiting.
    public func line(_ question: String) throws -> String? {
        try TerminalPrompt.line(question, stderr: stderr, stdin: stdin)
    }

    /// A secret read from the terminal with echo off; nil at end of input.
    public func secret(_ question: String) throws -> String? {
        try TerminalPrompt.secret(question, stderr: stderr)
    }

    /// Shows `question` with "[y/N]" and answers whether the person typed y or yes.
    public func agrees(_ question: String) throws -> Bool {
        let answer = try line(question + " [y/N] ")
        return ["y", "yes"].contains(answer?.lowercased().trimmingSpaces() ?? "")
    }

    /// Asks before a destructive action. With `--yes` it proceeds; off a terminal it refuses.
    ///
    /// When `typing` is given (a device id), the person must type it exactly, as for a reset.
    /// `consequence` (`it reboots; its subscriber is offline until it registers again`) is said
    /// on a line of its own before the question, and in the refusal off a terminal.
    public func confirm(_ question: String, typing expected: String? = nil, consequence: String? = nil) throws {
        if assumeYes { return }
        guard canAsk else {
            throw FieldOpsError.usage(
                "refusing to \(question) without confirmation" + (consequence.map { " (\($0))" } ?? "") + ": not running on a terminal",
                hint: "add --yes to confirm non-interactively")
        }
        if let consequence { stderr.line(consequence.prefix(1).uppercased() + consequence.dropFirst() + ".") }
        if let expected {
            let answer = try line("\(question)? Type \(expected) to confirm: ")
            if answer?.trimmingSpaces() == expected { return }
        } else if try agrees("\(question)?") {
            return
        }
        throw FieldOpsError("cancelled: \(question) was not confirmed", exitCode: .failure)
    }
}
