import Dispatch
import FoundationEssentials

/// A progress bar on the terminal's status line (`StatusLine`), drawn only when stderr is a
/// terminal: `firmware R4.3.1 ██████░░░░ 8/16 (1 failed)`.
///
/// Safe to advance from many tasks at once (bulk commands); redraws are throttled so that a
/// fast loop does not spend its time writing escape codes. Any other line printed meanwhile
/// appears above the bar, never on its line.
public final class ProgressBar: @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `lock`.
    private let lock = PThreadMutex()
    private let statusLine: StatusLine?
    private let owner: StatusLine.Owner?
    private let label: String
    private let total: Int
    private let width: Int
    private var done = 0
    private var failed = 0
    private var lastDraw: UInt64 = 0
    private var finished = false

    public init(label: String, total: Int, stream: TextStream, terminalWidth: Int = 80, quiet: Bool = false) {
        self.label = label
        self.total = max(total, 0)
        statusLine = quiet || total <= 0 ? nil : stream.statusLine
        owner = statusLine?.owner()
        self.width = terminalWidth
    }

    /// Counts one item as done (or failed) and redraws at most every 50 ms.
    public func advance(failed itemFailed: Bool = false) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if itemFailed { failed += 1 }
        let now = DispatchTime.now().uptimeNanoseconds
        if statusLine != nil, !finished, done == total || now - lastDraw > 50_000_000 {
            lastDraw = now
            draw()
        }
    }

    /// Clears the bar so the command's own output starts on a clean line.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard let statusLine, let owner, !finished else { return }
        finished = true
        statusLine.clear(by: owner)
    }

    private func draw() {
        guard let statusLine, let owner else { return }
        let counts = " \(done)/\(total)" + (failed > 0 ? " (\(failed) failed)" : "")
        let barWidth = max(10, min(40, width - label.displayWidth - counts.count - 4))
        let filled = total == 0 ? barWidth : barWidth * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        statusLine.show("\(label) \(bar)\(counts)", by: owner, width: width)
    }
}

/// A phase note on the terminal's status line (`canary: verifying 5 ONUs…`) for a long step
/// that has no count to fill a bar with; erased by `finish()` or when replaced.
public final class PhaseNote: Sendable {
    private let statusLine: StatusLine?
    private let owner: StatusLine.Owner?
    private let width: Int

    public init(stream: TextStream, terminalWidth: Int = 80, quiet: Bool = false) {
        statusLine = quiet ? nil : stream.statusLine
        owner = statusLine?.owner()
        width = terminalWidth
    }

    public func show(_ text: String) {
        guard let statusLine, let owner else { return }
        statusLine.show(text, by: owner, width: width)
    }

    public func finish() {
        guard let statusLine, let owner else { return }
        statusLine.clear(by: owner)
    }
}
