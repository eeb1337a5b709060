import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a watchable command: once, or refreshed every `--interval` like `watch(1)`.
///
/// On a terminal (and not `--json`) it draws full screen on the alternate screen with a header,
/// the changes since the last refresh in reverse video and the trends as sparklines; piped it
/// writes one JSON object per refresh (`{"time", "command", "data"}`), as `kubectl --watch`
/// does. A refresh that fails because the appliance is unreachable or answers 5xx is shown and
/// retried, never fatal; an answer that will not change by waiting (401, 403, 404, a usage
/// error) ends the watch with its usual exit code.
enum WatchRunner {
    static func run(_ source: WatchSource, context: CommandContext) async throws {
        let options = try WatchOptions(context.invocation, source: source)
        if let note = options.deprecationNote { context.output.stderr.line(note) }
        guard options.watching else {
            emitOnce(try await source.fetch(), context: context)
            return
        }
        if context.output.stdout.isTerminal && context.output.format != .json {
            try await Screen(source: source, options: options, context: context).run()
        } else {
            try await stream(source, options: options, context: context)
        }
    }

    /// The one-shot output: JSON, the table, or the empty message on a terminal (nothing piped).
    static func emitOnce(_ frame: WatchFrame, context: CommandContext) {
        context.output.emitResult(json: frame.json, empty: frame.emptyMessage) {
            frame.render(context.output.format, context.output.terminal.colorEnabled, context.output.tableFit)
        }
    }

    // MARK: Piped: NDJSON

    static func stream(_ source: WatchSource, options: WatchOptions, context: CommandContext) async throws {
        let clock = ContinuousClock()
        let deadline = options.timeout.map { clock.now + .seconds($0) }
        var failing = false
        var last: WatchFrame?
        while true {
            let started = clock.now
            do {
                let frame = try await fetch(source, before: deadline)
                if failing { context.output.note("refresh ok again") }
                failing = false
                last = frame
                context.output.stdout.line(record(frame, source: source).jsonString())
                if let until = options.until, until.holds(in: frame) { return }
            } catch is DeadlinePassed {
                // The deadline check below says so.
            } catch let error where isTransient(error) {
                if !failing { context.output.note("refresh failed — retrying: \(summary(error))") }
                failing = true
            }
            try checkDeadline(deadline, options: options, last: last)
            try await pause(until: started + .seconds(options.interval), deadline: deadline)
            try checkDeadline(deadline, options: options, last: last)
        }
    }

    static func record(_ frame: WatchFrame, source: WatchSource) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("time", .string(timestamp(Date()))), ("command", .string(source.title)), ("data", frame.json),
        ]
        if !frame.problems.isEmpty {
            members.append(
                (
                    "errors",
                    .array(
                        frame.problems.map {
                            .object(JSONObject([("profile", .string($0.profile)), ("error", .string($0.text))]))
                        })
                ))
        }
        return .object(JSONObject(members))
    }

    // MARK: Terminal: full screen

    /// The full-screen view: a header line, then the trends (what a watch is for, so never
    /// the part cut off), then the frame, wrapped to the terminal's width; when that is longer
    /// than the terminal, the view scrolls (↑/↓, PgUp/PgDn, Home/End, j/k, space) and the last
    /// line says which lines are shown. It lays out again when the terminal is resized.
    struct Screen {
        let source: WatchSource
        let options: WatchOptions
        let context: CommandContext

        /// What is on screen between refreshes, to draw again on a key or a resize.
        struct Shown {
            var header = ""
            var body: ScreenText?
            var marks: [[Bool]] = []
            var size = (rows: 0, columns: 0)
            var scroll = ScrollPosition()

            var total: Int { body?.lines.count ?? 0 }
            /// Whether the body is taller than the rows under the header (a status line then).
            var cut: Bool { total > size.rows - 2 }
            /// Body lines shown at once: the rows under the header, less the status line.
            var visible: Int { max(1, size.rows - 2 - (cut ? 1 : 0)) }
        }

        func run() async throws {
            let screen = LiveScreen(output: context.output.stdout, readKeys: context.stdin.isTerminal)
            defer { screen.restore() }
            let clock = ContinuousClock()
            let deadline = options.timeout.map { clock.now + .seconds($0) }
            let color = context.output.terminal.colorEnabled
            var history = SampleHistory()
            var previous: ScreenText?
            var last: WatchFrame?
            var lastGood: Date?
            var failure: String?
            var shown = Shown()
            while true {
                let started = clock.now
                do {
                    let frame = try await fetch(source, before: deadline)
                    last = frame
                    lastGood = Date()
                    failure = nil
                    history.record(frame.metrics, names: source.trends.map(\.metric))
                } catch is DeadlinePassed {
                    failure = "no answer before --until-timeout"
                } catch let error where isTransient(error) {
                    failure = summary(error)
                }
                shown.size = screen.size
                let text = body(last, history: history, columns: shown.size.columns, color: color)
                shown.header = headerLine(lastGood: lastGood, failure: failure, color: color)
                // Changes are marked against the last frame drawn; a failed refresh redraws the
                // old frame without marks.
                shown.marks = failure == nil ? text.changes(since: previous) : text.changes(since: text)
                shown.body = text
                draw(&shown, on: screen, color: color)
                if failure == nil { previous = text }
                if let until = options.until, let last, failure == nil, until.holds(in: last) {
                    screen.restore()
                    context.output.stdout.write(last.render(.table, color, context.output.tableFit))
                    context.output.note("condition met: \(until)")
                    return
                }
                try checkDeadline(deadline, options: options, last: last, screen: screen)
                if try await wait(
                    until: started + .seconds(options.interval), deadline: deadline, screen: screen, shown: &shown, color: color)
                {
                    return
                }
                try checkDeadline(deadline, options: options, last: last, screen: screen)
            }
        }

        /// The scrolled text: the trends first, then the frame, wrapped to `columns`.
        func body(_ frame: WatchFrame?, history: SampleHistory, columns: Int, color: Bool) -> ScreenText {
            guard let frame else { return ScreenText(lines: []) }
            var text = ""
            if history.count > 0 { text += history.render(source.trends, width: columns, color: color).dropFirst() + "\n" }
            for problem in frame.problems {
                text += Style.red.apply("profile \(problem.profile): \(problem.text)", enabled: color) + "\n"
            }
            let fit = TableFit(width: columns)
            text += frame.emptyMessage.map { $0 + "\n" } ?? frame.render(.table, color, fit)
            return ScreenText(parsing: text).wrapped(columns: columns)
        }

        /// Draws what `shown` holds at its scroll position: the header, a blank line, as much of
        /// the body as fits and, when not all of it does, a status line saying which lines.
        func draw(_ shown: inout Shown, on screen: LiveScreen, color: Bool) {
            let (rows, columns) = shown.size
            let body = shown.body ?? ScreenText(lines: [])
            let (total, cut, visible) = (shown.total, shown.cut, shown.visible)
            shown.scroll.clamp(total: total, visible: visible)
            var text = ScreenText(parsing: shown.header + "\n\n").encoded(highlight: [], columns: columns, rows: 2, color: color)
            text += body.encoded(highlight: shown.marks, columns: columns, rows: visible, from: shown.scroll.top, color: color)
            if cut {
                let status =
                    shown.scroll.status(total: total, visible: visible) + " · ↑↓ PgUp PgDn Home End scroll · q quits"
                // Pinned to the last row, in reverse video, whatever the body's length.
                text += "\u{1B}[\(rows);1H\u{1B}[7m" + status.truncated(toWidth: columns) + "\u{1B}[0m\u{1B}[K"
            }
            screen.draw(text)
        }

        /// Sleeps until `wake` in short steps, handling keys (scrolling at once) and resizes;
        /// true when `q` was pressed.
        func wait(
            until wake: ContinuousClock.Instant, deadline: ContinuousClock.Instant?, screen: LiveScreen, shown: inout Shown,
            color: Bool
        ) async throws -> Bool {
            let clock = ContinuousClock()
            let end = deadline.map { min($0, wake) } ?? wake
            while clock.now < end {
                var redraw = false
                for key in screen.takeKeys() {
                    if key == .quit { return true }
                    redraw = shown.scroll.apply(key, total: shown.total, visible: shown.visible) || redraw
                }
                let size = screen.size
                if size != shown.size {
                    // A new width wraps differently: the next refresh lays it out; until then
                    // the old lines are cut, never wrapped by the terminal.
                    shown.size = size
                    redraw = true
                }
                if redraw { draw(&shown, on: screen, color: color) }
                try await Task.sleep(for: min(.milliseconds(50), end - clock.now))
            }
            return false
        }

        func headerLine(lastGood: Date?, failure: String?, color: Bool) -> String {
            var text = Style.bold.apply("Every \(Units.trimmed(options.interval))s: fieldops \(source.title)", enabled: color)
            text += "   last refresh " + (lastGood.map(clockTime) ?? "never")
            if let failure {
                text += "   " + Style.red.apply("refresh failed — retrying (\(failure))", enabled: color)
            }
            if let until = options.until { text += "   until \(until)" }
            return text + "   q quits"
        }
    }

    // MARK: Shared steps

    /// One refresh, abandoned when `--until-timeout` runs out while it is in flight.
    static func fetch(_ source: WatchSource, before deadline: ContinuousClock.Instant?) async throws -> WatchFrame {
        guard let deadline else { return try await source.fetch() }
        return try await withThrowingTaskGroup(of: WatchFrame?.self) { group in
            group.addTask { try await source.fetch() }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let frame = first else { throw DeadlinePassed() }
            return frame
        }
    }

    struct DeadlinePassed: Error {}

    /// Sleeps until `wake`, or the deadline when that comes first.
    static func pause(until wake: ContinuousClock.Instant, deadline: ContinuousClock.Instant?) async throws {
        let end = deadline.map { min($0, wake) } ?? wake
        try await Task.sleep(until: end, clock: .continuous)
    }

    static func checkDeadline(
        _ deadline: ContinuousClock.Instant?, options: WatchOptions, last: WatchFrame?,
        screen: LiveScreen? = nil
    ) throws {
        guard let deadline, ContinuousClock().now >= deadline, let until = options.until else { return }
        screen?.restore()
        throw FieldOpsError(
            "timed out after \(Units.trimmed(options.timeout ?? 0))s waiting for \(until)",
            details: ["last: \(until.current(in: last))"], exitCode: .failure)
    }

    /// Failures that waiting can cure: the appliance unreachable or overloaded, a broken answer.
    static func isTransient(_ error: any Error) -> Bool {
        if let http = error as? HTTPError {
            switch http {
            case .cancelled, .tls, .invalidURL, .unreadableFile, .tooManyRedirects: return false
            default: return true
            }
        }
        if let mcms = error as? MCMSError {
            switch mcms {
            case .server, .malformed: return true
            default: return false
            }
        }
        return false
    }

    static func summary(_ error: any Error) -> String {
        error.summaryText
    }

    /// `10:30:00`, in the local time zone.
    static func clockTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "--:--:--" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// `2026-01-01T09:30:00.250Z`: ISO 8601 UTC with milliseconds, always three digits of them.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let fraction = (milliseconds % 1000 + 1000) % 1000
        return Timestamp.isoUTC(milliseconds: milliseconds).dropLast() + "." + String(String(fraction + 1000).dropFirst()) + "Z"
    }
}
