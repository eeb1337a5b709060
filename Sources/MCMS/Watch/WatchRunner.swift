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
            frame.render(context.output.format, context.output.terminal.colorEnabled)
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
            try await pause(until: started + .seconds(options.interval), deadline: deadline, quit: nil)
            try checkDeadline(deadline, options: options, last: last)
        }
    }

    static func record(_ frame: WatchFrame, source: WatchSource) -> JSONValue {
        .object(JSONObject([("time", .string(timestamp(Date()))), ("command", .string(source.title)), ("data", frame.json)]))
    }

    // MARK: Terminal: full screen

    struct Screen {
        let source: WatchSource
        let options: WatchOptions
        let context: CommandContext

        func run() async throws {
            let screen = TerminalScreen(output: context.output.stdout, readKeys: context.stdin.isTerminal)
            defer { screen.restore() }
            let clock = ContinuousClock()
            let deadline = options.timeout.map { clock.now + .seconds($0) }
            let color = context.output.terminal.colorEnabled
            var history = SampleHistory()
            var previous: ScreenText?
            var last: WatchFrame?
            var lastGood: Date?
            var failure: String?
            while !screen.quitRequested {
                let started = clock.now
                do {
                    let frame = try await fetch(source, before: deadline)
                    last = frame
                    lastGood = Date()
                    failure = nil
                    history.record(frame.metrics, names: source.trends.map(\.metric))
                } catch is DeadlinePassed {
                    failure = "no answer before --timeout"
                } catch let error where isTransient(error) {
                    failure = summary(error)
                }
                let size = screen.size
                var body = ""
                if let last {
                    body = last.emptyMessage.map { $0 + "\n" } ?? last.render(.table, color)
                    if history.count > 0 { body += history.render(source.trends, width: size.columns, color: color) }
                }
                let text = ScreenText(parsing: body)
                let header = ScreenText(parsing: headerLine(lastGood: lastGood, failure: failure, color: color) + "\n\n")
                // Changes are marked against the last frame drawn; a failed refresh redraws the
                // old frame without marks.
                let marks = failure == nil ? text.changes(since: previous) : text.changes(since: text)
                screen.draw(
                    header.encoded(highlight: [], columns: size.columns, rows: 2, color: color)
                        + text.encoded(highlight: marks, columns: size.columns, rows: max(0, size.rows - 3), color: color))
                if failure == nil { previous = text }
                if let until = options.until, let last, failure == nil, until.holds(in: last) {
                    screen.restore()
                    context.output.stdout.write(last.render(.table, color))
                    context.output.note("condition met: \(until)")
                    return
                }
                try checkDeadline(deadline, options: options, last: last, screen: screen)
                try await pause(until: started + .seconds(options.interval), deadline: deadline, quit: screen)
                try checkDeadline(deadline, options: options, last: last, screen: screen)
            }
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

    /// One refresh, abandoned when `--timeout` runs out while it is in flight.
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

    /// Sleeps until `wake` in short steps, returning early for `q` or the deadline.
    static func pause(until wake: ContinuousClock.Instant, deadline: ContinuousClock.Instant?, quit: TerminalScreen?) async throws {
        let clock = ContinuousClock()
        let end = deadline.map { min($0, wake) } ?? wake
        while clock.now < end {
            if quit?.quitRequested == true { return }
            let step: Duration = quit == nil ? end - clock.now : min(.milliseconds(50), end - clock.now)
            try await Task.sleep(for: step)
        }
    }

    static func checkDeadline(
        _ deadline: ContinuousClock.Instant?, options: WatchOptions, last: WatchFrame?,
        screen: TerminalScreen? = nil
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
