internal import CEdit
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A line prompt with editing (arrows, Home/End, Ctrl-W…) and history, through libedit.
///
/// libedit reads its keys through `TerminalReader`, so a Ctrl-C while typing interrupts the
/// command at once like every other prompt. The prompt and the line go to stderr, keeping
/// stdout for results. When libedit is not installed, or fd 0 is not a terminal, `readLine`
/// reads a plain line instead.
public final class LineEditor: @unchecked Sendable {
    // @unchecked: the EditLine and History handles are used by the one task that owns the
    // editor (a command's prompt loop), never from two threads at once.
    private let editor: OpaquePointer?
    private let history: OpaquePointer?
    private var prompt: UnsafeMutablePointer<CChar>?
    /// The key callback's error (a cancellation), rethrown once libedit returns.
    private var interruption: (any Error)?
    private var pending: [UInt8] = []

    /// `historySize` lines are kept for the up arrow while this editor lives.
    public init(program: String = "fieldops", historySize: Int = 200) {
        // libedit turns the prompt into wide characters and typed keys back into bytes with the
        // C library's locale: without a UTF-8 one, `Sjøgata` in a question crashed it.
        guard isatty(STDIN_FILENO) == 1, TextLocale.ensureUTF8(), let editor = fieldops_el_open(program) else {
            self.editor = nil
            self.history = nil
            return
        }
        self.editor = editor
        self.history = fieldops_history_open(Int32(historySize))
        fieldops_el_configure(
            editor, history,
            { editor in
                guard let editor, let context = fieldops_el_context(editor) else { return nil }
                return Unmanaged<LineEditor>.fromOpaque(context).takeUnretainedValue().prompt
            },
            { editor, character in
                guard let editor, let character, let context = fieldops_el_context(editor) else { return -1 }
                return Unmanaged<LineEditor>.fromOpaque(context).takeUnretainedValue().nextCharacter(character)
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let editor { fieldops_edit()?.pointee.el_end(editor) }
        if let history { fieldops_edit()?.pointee.history_end(history) }
        free(prompt)
    }

    /// Whether keys are edited by libedit (false: plain lines).
    public var isEditing: Bool { editor != nil }

    /// Shows `question` and reads one line without its newline; nil at end of input. Throws
    /// `CancellationError` when the command is interrupted while waiting. Non-empty lines go
    /// into the history when `remember` is true.
    public func readLine(_ question: String, remember: Bool = true) throws -> String? {
        guard let editor else {
            FileDescriptorStream.standardError.write(question)
            return try TerminalReader.line()
        }
        free(prompt)
        prompt = strdup(question)
        interruption = nil
        pending = []
        TerminalModes.preserve()
        defer { TerminalModes.restore() }
        // libedit shows the prompt before it leaves canonical mode; keys typed as soon as the
        // prompt appears would meet the line discipline (echoed, erased, held until Enter).
        // Leaving canonical mode first hands every key to libedit.
        var modes = termios()
        if tcgetattr(STDIN_FILENO, &modes) == 0 {
            modes.c_lflag &= ~tcflag_t(ICANON | ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        }
        var count: Int32 = 0
        let raw = fieldops_edit()?.pointee.el_gets(editor, &count)
        if let interruption { throw interruption }
        try Task.checkCancellation()
        guard let raw, count > 0 else { return nil }
        var line = String(cString: raw)
        while line.hasSuffix("\n") || line.hasSuffix("\r") { line.removeLast() }
        if remember, let history, !line.trimmingSpaces().isEmpty {
            fieldops_history_enter(history, line)
        }
        return line
    }

    /// Adds a line to the history without asking (a value already given, so the up arrow
    /// recalls it).
    public func remember(_ line: String) {
        guard let history, !line.isEmpty else { return }
        fieldops_history_enter(history, line)
    }

    /// libedit's key source: one character, decoded from UTF-8; -1 ends `el_gets` (an
    /// interruption or end of input), as libedit documents for a read function.
    private func nextCharacter(_ character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        do {
            while true {
                switch try TerminalReader.nextByte() {
                case .byte(let byte):
                    pending.append(byte)
                    if let scalar = Self.decodeScalar(&pending) {
                        character.pointee = wchar_t(bitPattern: scalar.value)
                        return 1
                    }
                case .endOfInput, .timedOut:
                    return 0
                }
            }
        } catch {
            interruption = error
            return -1
        }
    }

    /// The first scalar of `bytes` once they hold a whole UTF-8 sequence (then removed);
    /// a malformed sequence becomes U+FFFD rather than stalling the line.
    public static func decodeScalar(_ bytes: inout [UInt8]) -> Unicode.Scalar? {
        guard let first = bytes.first else { return nil }
        let length = first < 0x80 ? 1 : first >> 5 == 0b110 ? 2 : first >> 4 == 0b1110 ? 3 : first >> 3 == 0b11110 ? 4 : 1
        guard bytes.count >= length else { return nil }
        let sequence = Array(bytes.prefix(length))
        bytes.removeFirst(length)
        return String(decoding: sequence, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    }
}
