import Dispatch
import FoundationEssentials

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
///
/// Safe to advance from many tasks at once (bulk commands); redraws are throttled so that a
/// fast loop does not spend its time writing escape codes.
public final class ProgressBar: @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `lock`.
    private let lock = PThreadMutex()
    private let stream: TextStream
    private let label: String
    private let total: Int
    private let enabled: Bool
    private let width: Int
    private var done = 0
    private var failed = 0
    private var lastDraw: UInt64 = 0
    private var finished = false

    public init(label: String, total: Int, stream: TextStream, terminalWidth: Int = 80, quiet: Bool = false) {
        self.label = label
        self.total = max(total, 0)
        self.stream = stream
        self.enabled = stream.isTerminal && !quiet && total > 0
        self.width = terminalWidth
    }

    /// Counts one item as done (or failed) and redraws at most every 50 ms.
    public func advance(failed itemFailed: Bool = false) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if itemFailed { failed += 1 }
        let now = DispatchTime.now().uptimeNanoseconds
        if enabled, !finished, done == total || now - lastDraw > 50_000_000 {
            lastDraw = now
            draw()
        }
    }

    /// Clears the bar so the command's own output starts on a clean line.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard enabled, !finished else { return }
        finished = true
        stream.write("\r\u{1B}[2K")
    }

    private func draw() {
        let counts = " \(done)/\(total)" + (failed > 0 ? " (\(failed) failed)" : "")
        let barWidth = max(10, min(40, width - label.count - counts.count - 4))
        let filled = total == 0 ? barWidth : barWidth * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        stream.write("\r\u{1B}[2K\(label) \(bar)\(counts)")
    }
}
