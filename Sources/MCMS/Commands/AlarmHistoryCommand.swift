import FieldOpsCore

/// `mcms alarms history [--since 7d] [--device ID]`: each alarm's raise and clear times as the
/// recorder saw them, and how long it was active. Local only.
struct AlarmHistoryCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "history",
        abstract: "Each alarm's raise and clear times as recorded (mcms record), and for how long it was active.",
        discussion: """
            Read from the profile's local history store, without the network: every alarm active at some time since \
            --since (default 7d), oldest first. Raised is the alarm's own time when MCMS stamped it, else the first \
            sample that saw it; cleared is the first sample that no longer did (blank while active). The times are as \
            exact as the recorder's interval.
            """,
        examples: [
            "fieldops mcms alarms history", "fieldops mcms alarms history --since 24h --device ALPHe30cadcf",
            "fieldops mcms alarms history --since 2026-06-01 --json",
        ],
        options: [
            OptionSpec("since", valueName: "WHEN", help: "Alarms active since: 24h, 7d, 2026-06-01 or 2026-06-01T08:00 (default 7d)."),
            OptionSpec("device", value: .dynamic(MCMSCommands.onuSource), valueName: "ID", help: "Only this ONU id or OLT MAC."),
        ])

    let since: Int64
    let device: String?

    init(_ invocation: Invocation) throws {
        since = try HistoryWindow.instant(invocation, "since", default: "7d", now: WallClock.nowMilliseconds)
        device = invocation.value("device")
    }

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile(backend: "mcms")
        let store = try HistoryWindow.store(context, profile: profile.name)
        let now = WallClock.nowMilliseconds
        let spans = try store.alarmSpans(since: since, device: device)
        let output = context.output
        if output.format == .json || output.structured.kind != .table {
            output.emit(records: .array(spans.map { Self.record($0, now: now) }))
            return
        }
        guard !spans.isEmpty else {
            output.sayEmpty(
                "no alarm recorded since \(Timestamp.localMinuteText(milliseconds: since))" + (device.map { " on \($0)" } ?? ""))
            return
        }
        var table = Table(columns: [
            .init("Severity"), .init("Alarm", fit: .whole), .init("Device", fit: .whole), .init("Name", fit: .optional(rank: 2)),
            .init("Raised", fit: .whole), .init("Cleared", fit: .whole), .init("Active", alignment: .right, fit: .whole),
            .init("Message", fit: .optional(rank: 1)),
        ])
        func time(_ instant: Int64) -> String { Timestamp.localText(milliseconds: instant, format: "%b %d %H:%M") }
        for span in spans {
            table.append([
                span.severity, span.name, span.device, span.deviceName, time(span.start), span.clearedAt.map(time) ?? "active",
                Self.length((span.clearedAt ?? now) - span.start), span.message,
            ])
        }
        output.stdout.write(table.render(format: output.format, color: output.terminal.colorEnabled, fit: output.tableFit))
    }

    /// `2 h 30 min`, `45 min`, `3 d 4 h`: how long, to the minute.
    static func length(_ milliseconds: Int64) -> String {
        let minutes = max(0, milliseconds) / 60_000
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60
        if hours < 24 { return minutes % 60 == 0 ? "\(hours) h" : "\(hours) h \(minutes % 60) min" }
        return hours % 24 == 0 ? "\(hours / 24) d" : "\(hours / 24) d \(hours % 24) h"
    }

    static func record(_ span: HistoryStore.AlarmSpan, now: Int64) -> JSONValue {
        .object([
            "device": .string(span.device), "device_name": .string(span.deviceName), "kind": .string(span.kind.rawValue),
            "alarm": .string(span.name), "severity": .string(span.severity), "message": .string(span.message),
            "raised_at": .string(Timestamp.isoUTC(milliseconds: span.start)),
            "first_seen": .string(Timestamp.isoUTC(milliseconds: span.firstSeen)),
            "last_seen": .string(Timestamp.isoUTC(milliseconds: span.lastSeen)),
            "cleared_at": span.clearedAt.map { .string(Timestamp.isoUTC(milliseconds: $0)) } ?? .null,
            "active_seconds": .number(JSONNumber(((span.clearedAt ?? now) - span.start) / 1_000)),
        ])
    }
}
