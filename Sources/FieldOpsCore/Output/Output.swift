import FoundationEssentials

/// Where a command's results and messages go, and in what form: results on stdout (a table,
/// plain lines, JSON, or the `-o csv|ndjson` / `--fields` form of that JSON), notes, warnings,
/// traces and progress on stderr.
///
/// Every backend writes through this one type, so `-o`, `--fields`, `--quiet`, `-v` and the
/// empty-listing rule behave the same in each. `CommandContext.output` is the command's one.
public final class Output: Sendable {
    public let stdout: TextStream
    public let stderr: TextStream
    public let terminal: TerminalInfo
    public let format: OutputFormat
    /// `-o csv|ndjson|json|table|plain` with `--fields`: how a listing's JSON is finally written.
    /// With csv, ndjson or `--fields`, `format` is `.json`, so every command takes its JSON path.
    public let structured: StructuredOutput
    /// `--quiet`: notes and progress are not shown.
    public let quiet: Bool
    /// `-v`: traces are shown.
    public let verbose: Bool
    /// `--wide`: tables are never made to fit the terminal.
    public let wide: Bool

    private let deferred = Locked<(any Error)?>(nil)

    public init(
        stdout: TextStream, stderr: TextStream, terminal: TerminalInfo, structured: StructuredOutput,
        quiet: Bool = false, verbose: Bool = false, wide: Bool = false
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.terminal = terminal
        self.structured = structured
        self.format =
            structured.fields != nil || [.json, .ndjson, .csv].contains(structured.kind)
            ? .json : structured.kind == .table ? .table : .plain
        self.quiet = quiet
        self.verbose = verbose
        self.wide = wide
    }

    /// The output the global options of `invocation` ask for (`--json`, `-o`, `--fields`,
    /// `--no-color`, `--quiet`, `-v`).
    public convenience init(invocation: Invocation, stdout: TextStream, stderr: TextStream, environment: [String: String]) {
        self.init(
            stdout: stdout, stderr: stderr,
            terminal: TerminalInfo.detect(stdout: stdout, environment: environment, noColorFlag: invocation.flag("no-color")),
            structured: StructuredOutput.resolve(
                jsonFlag: invocation.flag("json"), output: invocation.value("output"), fields: invocation.value("fields"),
                stdoutIsTerminal: stdout.isTerminal),
            quiet: invocation.flag("quiet"), verbose: invocation.flag("verbose"), wide: invocation.flag("wide"))
    }

    // MARK: Errors found while writing

    /// An error found while writing output that cannot throw (an unknown `--fields` name in a
    /// table-only command): the dispatcher reports it, with its exit code, once the command ends.
    public var deferredError: (any Error)? { deferred.withLock { $0 } }

    /// Keeps the first such error for the dispatcher (see `deferredError`).
    public func deferError(_ error: any Error) {
        deferred.withLock { $0 = $0 ?? error }
    }

    // MARK: Results

    /// How a table fits the terminal (`TableFit`): for a table a person reads on a terminal
    /// without `--wide`; nil for everything else, which is never cut.
    public var tableFit: TableFit? {
        guard structured.kind == .table, stdout.isTerminal, !wide else { return nil }
        return TableFit(width: terminal.width) { [self] in note($0) }
    }

    /// Writes a table (made to fit a terminal, `tableFit`), or plain lines; with `-o
    /// csv|ndjson` or `--fields`, its rows as records keyed by the column titles (for commands
    /// that have no JSON form of their own).
    public func emit(_ table: Table) {
        if !structured.transformsJSON {
            writeFitted { fit in Array(table.render(format: format == .json ? .plain : format, color: terminal.colorEnabled, fit: fit).utf8)
            }
            return
        }
        emit(json: StructuredOutput.records(of: table))
    }

    /// Writes `value` as stable JSON (sorted keys, two-space indent, slashes unescaped) followed
    /// by a newline, or in the form `-o`/`--fields` ask for. Only encoding throws: an output
    /// error (an unknown `--fields` name) is kept for the dispatcher, as `emit(json:)` keeps it,
    /// so a command that goes on to report a partial failure still does.
    public func emitJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        if !structured.transformsJSON {
            stdout.write(String(decoding: data, as: UTF8.self) + "\n")
            return
        }
        do {
            try emitStructured(JSONValue(parsing: data, source: "the command's JSON"))
        } catch {
            deferError(error)
        }
    }

    /// Writes a lossless JSON value (pretty, keys in their kept order, numbers as the server wrote
    /// them), or in the form `-o`/`--fields` ask for.
    public func emit(json value: JSONValue) {
        if !structured.transformsJSON {
            stdout.write(value.jsonString(.pretty) + "\n")
            return
        }
        do {
            try emitStructured(value)
        } catch {
            deferError(error)
        }
    }

    /// Writes JSON bytes a command already holds (an answer or a cache file) as they are, ending
    /// with a newline, or in the form `-o`/`--fields` ask for.
    public func emit(jsonBytes data: Data) throws {
        if !structured.transformsJSON {
            var text = String(decoding: data, as: UTF8.self)
            if !text.hasSuffix("\n") { text += "\n" }
            stdout.write(text)
        } else {
            try emitStructured(JSONValue(parsing: data, source: "the command's JSON"))
        }
    }

    private func emitStructured(_ value: JSONValue) throws {
        try writeFitted { fit in try structured.render(value, color: terminal.colorEnabled, fit: fit) }
    }

    /// Writes what `render` makes with the terminal's `tableFit`, then the note on the columns
    /// it hid: after the table, not before it.
    func writeFitted(_ render: (TableFit?) throws -> [UInt8]) rethrows {
        let notes = Locked<[String]>([])
        let fit = tableFit.map { fit in TableFit(width: fit.width) { text in notes.withLock { $0.append(text) } } }
        stdout.write(bytes: try render(fit))
        for text in notes.withLock({ $0 }) { note(text) }
    }

    // MARK: Messages

    /// A progress line on stderr, shown only on a terminal and not with `--quiet`.
    public func progress(_ label: String, total: Int) -> ProgressBar {
        ProgressBar(label: label, total: total, stream: stderr, terminalWidth: terminal.width, quiet: quiet)
    }

    /// A phase note on stderr's status line (`canary: verifying 5 ONUs…`), shown like `progress`.
    public func phase() -> PhaseNote {
        PhaseNote(stream: stderr, terminalWidth: terminal.width, quiet: quiet)
    }

    /// An empty listing's message ("no active alarms"), the same for every backend (as gh does):
    /// said on stderr when a person reads the table form, nothing when piped, so a script reads an
    /// empty result as empty; `--quiet` silences it too. A command writing `--json` prints its
    /// empty array instead.
    public func sayEmpty(_ message: String) {
        guard format == .table, !quiet else { return }
        stderr.line(message)
    }

    /// A note on stderr (suppressed by `--quiet`).
    public func note(_ text: String) {
        if !quiet { stderr.line(text) }
    }

    /// A warning on stderr, always shown.
    public func warn(_ text: String) {
        stderr.line("fieldops: warning: " + text)
    }

    /// A verbose trace line on stderr (only with `-v`).
    public func trace(_ text: String) {
        if verbose { stderr.line(text) }
    }
}
