/// The local-copy notice (`LocalCopyNotice`) as a test reads it back from a command's stderr:
/// `showing the local copy from 2026-12-07 14:02 CET (3 min old): cannot reach HOST (connection refused)`.
public struct LocalCopyNoticeText: Sendable, Equatable {
    /// `3 min old`, and any detail after it (`3 min old; 12 of the synced messages match`).
    public var age: String
    /// Why the server was not asked: `cannot reach 127.0.0.1:40123 (connection refused)`.
    public var reason: String

    /// The other lines on stderr besides the `-v` trace: a next-page hint, a warning.
    public var otherLines: [String]

    /// The notice when `stderr` holds exactly one notice line; the `-v` trace (`> `, `< `, `! `,
    /// `* ` lines) is left out and any other line is in `otherLines`.
    public init?(stderr: String) {
        let prefix = "showing the local copy from "
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: true).filter { line in
            !["> ", "< ", "! ", "* "].contains { line.hasPrefix($0) }
        }
        let notices = lines.filter { $0.hasPrefix(prefix) }
        guard notices.count == 1, let line = notices.first else { return nil }
        otherLines = lines.filter { !$0.hasPrefix(prefix) }.map(String.init)
        // The time (`2026-12-07 14:02 CET`), then `(AGE): REASON`.
        let rest = line.dropFirst(prefix.count)
        guard let open = rest.firstIndex(of: "("), let close = rest.range(of: "): ") else { return nil }
        age = String(rest[rest.index(after: open)..<close.lowerBound])
        reason = String(rest[close.upperBound...])
    }

    /// Whether the reason is a refused connection to a loopback port, as a stopped emulator gives.
    public var isRefusedLoopbackConnection: Bool {
        reason.hasPrefix("cannot reach 127.0.0.1:") && reason.hasSuffix(" (connection refused)")
    }
}

/// The `-v` trace's account of the retries: the attempts each URL got and the retry lines.
public struct RetryTrace: Sendable {
    /// `> METHOD URL` lines: one per attempt.
    public var attempts: [String]
    /// `* retry N of M in Ds after …` lines.
    public var retries: [String]
    /// `* no retry: …` lines: an unreachable server not asked again because a local copy answers.
    public var skipped: [String]

    public init(stderr: String) {
        let lines = stderr.split(separator: "\n").map(String.init)
        attempts = lines.filter { line in
            let words = line.split(separator: " ", maxSplits: 2)
            return words.count == 3 && words[0] == ">" && words[2].hasPrefix("http")
        }
        retries = lines.filter { $0.hasPrefix("* retry ") }
        skipped = lines.filter { $0.hasPrefix("* no retry") }
    }

    /// Whether any URL was asked for more than once.
    public var repeatsAnyRequest: Bool {
        Set(attempts).count != attempts.count
    }
}
