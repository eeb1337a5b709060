import Foundation
import Testing

@testable import FieldOpsCore

/// The one place a refresh shared by concurrent callers is made (JQC's rotated tokens, MCMS's
/// re-login after a session expiry).
@Suite struct RefreshGateTests {
    /// Counts the refreshes that really ran.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
        var count: Int { lock.withLock { value } }
    }

    @Test func manyCallersWithTheSameStaleValueShareOneRefresh() async throws {
        let gate = RefreshGate("token-1")
        let runs = Counter()
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    try await gate.refreshed(
                        unlessReplaced: { $0 != "token-1" },
                        refresh: { stale in
                            #expect(stale == "token-1")
                            try await Task.sleep(for: .milliseconds(20))
                            return "token-\(runs.next() + 1)"
                        })
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(runs.count == 1)
        #expect(Set(answers) == ["token-2"])
        #expect(await gate.current == "token-2")
    }

    @Test func aCallerThatSawAnOlderValueGetsTheNewOneWithoutARefresh() async throws {
        let gate = RefreshGate(1)
        let runs = Counter()
        let first = try await gate.refreshed(
            unlessReplaced: { $0 != 1 },
            refresh: { seen in
                _ = runs.next()
                return seen + 1
            })
        let late = try await gate.refreshed(
            unlessReplaced: { $0 != 1 },
            refresh: { seen in
                _ = runs.next()
                return seen + 1
            })
        #expect(first == 2 && late == 2)
        #expect(runs.count == 1)
    }

    @Test func aFailedRefreshKeepsTheValueAndTheNextCallerTriesAgain() async throws {
        struct Refused: Error {}
        let gate = RefreshGate("old")
        await #expect(throws: Refused.self) {
            _ = try await gate.refreshed(unlessReplaced: { $0 != "old" }, refresh: { _ in throw Refused() })
        }
        #expect(await gate.current == "old")
        let fresh = try await gate.refreshed(unlessReplaced: { $0 != "old" }, refresh: { _ in "new" })
        #expect(fresh == "new")
        await gate.set("logged out")
        #expect(await gate.current == "logged out")
    }
}
