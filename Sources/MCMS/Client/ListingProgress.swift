import FieldOpsCore
import FoundationEssentials

/// The progress line of a long listing on stderr: pages fetched and documents so far.
///
/// MCMS answers a page without a total, so there is no bar to fill: the line counts what
/// arrived ("listing: 41 pages, 20,500 documents"). It is drawn only on a terminal, not with
/// `--quiet`, never on piped output, and only once the listing has taken more than a moment —
/// a 20-ONU lab appliance answers before a line would be worth drawing.
public final class ListingProgress: Sendable {
    /// A listing that ends sooner than this draws nothing.
    static let quietPeriod: Duration = .milliseconds(300)
    /// Redraws at most this often, so a fast listing does not spend its time on escape codes.
    static let redrawInterval: Duration = .milliseconds(100)

    private struct Counts {
        var pages = 0
        var documents = 0
        var lastDraw: ContinuousClock.Instant?
        var drawn = false
        var finished = false
    }

    private let statusLine: StatusLine?
    private let owner: StatusLine.Owner?
    private let width: Int
    private let label: String
    private let started = ContinuousClock.now
    private let counts = Locked(Counts())

    public init(label: String, stream: any TextStream, quiet: Bool, width: Int = 80) {
        self.label = label
        statusLine = quiet ? nil : stream.statusLine
        owner = statusLine?.owner()
        self.width = width
    }

    /// Counts one page of `documents` documents (from any of the collections being read).
    public func page(documents: Int) {
        counts.withLock { counts in
            counts.pages += 1
            counts.documents += documents
            let now = ContinuousClock.now
            guard let statusLine, let owner, !counts.finished, now - started >= Self.quietPeriod else { return }
            if let last = counts.lastDraw, now - last < Self.redrawInterval { return }
            counts.lastDraw = now
            counts.drawn = true
            let documents = "\(Self.grouped(counts.documents)) document\(counts.documents == 1 ? "" : "s")"
            statusLine.show("\(label): \(counts.pages) page\(counts.pages == 1 ? "" : "s"), \(documents)", by: owner, width: width)
        }
    }

    /// Clears the line so the command's own output starts on a clean line.
    public func finish() {
        counts.withLock { counts in
            guard !counts.finished else { return }
            counts.finished = true
            if counts.drawn, let statusLine, let owner { statusLine.clear(by: owner) }
        }
    }

    /// What was counted, for tests and traces.
    public var totals: (pages: Int, documents: Int) { counts.withLock { ($0.pages, $0.documents) } }

    /// `20,500`: thousands grouped, whatever the locale.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
