import FieldOpsCore
import Foundation

/// A stdout that hands each complete line to an `AsyncStream` as it is written, and keeps all.
public final class LineStream: TextStream {
    private let continuation: AsyncStream<String>.Continuation
    private let pending = Locked("")
    private let all = Locked("")
    public let isTerminal: Bool

    public init(_ continuation: AsyncStream<String>.Continuation, isTerminal: Bool = false) {
        self.continuation = continuation
        self.isTerminal = isTerminal
    }

    public func write(_ text: String) {
        all.withLock { $0 += text }
        let lines: [String] = pending.withLock { pending in
            pending += text
            var complete: [String] = []
            // "\r\n" (csv) is one Character, not a "\n".
            while let newline = pending.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) {
                complete.append(String(pending[..<newline]))
                pending = String(pending[pending.index(after: newline)...])
            }
            return complete
        }
        for line in lines { continuation.yield(line) }
    }

    public var text: String { all.withLock { $0 } }
}
