import FieldOpsCore
import Foundation

/// Emulators kept running between tests: a test leases one started with the same script and
/// arguments, reset to its seeded state (`POST /__admin/reset`: fixtures, faults, latency, clock,
/// request log and stats as a fresh process has them), instead of starting a python process of
/// its own — a start costs 0.3–0.85 s, a reset a few milliseconds.
///
/// An MCMS emulator also serves a test that asks for another fleet (`--onus`, `--olts`,
/// `--seed`): the reset takes the test's arguments and generates that fleet.
///
/// A leased emulator is the test's alone until it gives it back with `Emulator.release()` (the
/// test beds do it when they stop; a handle that goes away gives it back too), and the handle
/// the test held is then done (see `Emulator`). One the test stopped (a server that went down)
/// is not reused, nor is one whose reset fails; a test that needs a process of its own — to
/// kill it, to restart it on its port, to run it in a network namespace — calls
/// `Emulator.start`.
///
/// `FIELDOPS_TEST_EMULATOR_POOL=0` turns reuse off (every lease starts a process, every release
/// stops it): to tell whether a failure depends on reuse, and to count the starts without it.
public final class EmulatorPool: Sendable {
    public static let shared = EmulatorPool(
        idleLimit: ProcessInfo.processInfo.environment["FIELDOPS_TEST_EMULATOR_POOL"] == "0" ? 0 : 96)

    /// Options an emulator takes again on a reset (`emulator_base.py`, `resettable_options`):
    /// they are left out of the key, so a test asking for another MCMS fleet gets an idle MCMS
    /// emulator reset to that fleet instead of a process of its own.
    static let resettableOptions: [String: Set<String>] = ["mcms_emulator": ["--onus", "--olts", "--seed"]]

    struct Key: Hashable {
        var script: String
        var arguments: [String]

        /// `arguments` without the options (and their values) a reset can change.
        init(script: String, arguments: [String]) {
            self.script = script
            let resettable = EmulatorPool.resettableOptions[script] ?? []
            var kept: [String] = []
            var index = arguments.startIndex
            while index < arguments.endIndex {
                if resettable.contains(arguments[index]) {
                    index += 2
                } else {
                    kept.append(arguments[index])
                    index += 1
                }
            }
            self.arguments = kept
        }
    }

    /// At most this many idle emulators are kept, the one idle longest stopped first: arguments
    /// unique to one test (a certificate in its own directory) must not pile up processes. The
    /// suite leases some 40 kinds (MCMS fleets of many sizes, TLS servers), several of a kind at
    /// once when tests run in parallel; 96 keep nearly all of them (~30 MB and three descriptors
    /// each; with 48, 50 MCMS fleets were stopped and started again in one run).
    let idleLimit: Int
    private let idle = Locked<[(key: Key, emulator: Emulator)]>([])

    public init(idleLimit: Int = 12) {
        self.idleLimit = idleLimit
    }

    /// An emulator of `script` started with `arguments`, reset; a new process only when none idles.
    public func lease(script: String, arguments: [String] = []) async throws -> Emulator {
        let script = script.hasSuffix(".py") ? String(script.dropLast(3)) : script
        let key = Key(script: script, arguments: arguments)
        while let candidate = take(key, arguments: arguments) {
            guard candidate.isRunning else {
                EmulatorCount.record("# not running when leased again: \(script)")
                continue
            }
            do {
                let same = candidate.arguments == arguments
                try await candidate.reset(arguments: same ? nil : arguments)
                return candidate.leased(from: self, arguments: arguments)
            } catch {
                EmulatorCount.record("# reset failed, stopped: \(script): \(error)")
                candidate.stop()
            }
        }
        let fresh = try await Emulator.start(script: script, arguments: arguments)
        return idleLimit > 0 ? fresh.leased(from: self) : fresh
    }

    /// How many emulators idle now (for the pool's own tests).
    public var idleCount: Int { idle.withLock { $0.count } }

    /// The idle emulator of `key` started or last reset with exactly `arguments` (no fleet to
    /// generate again), else the one of `key` parked last.
    private func take(_ key: Key, arguments: [String]) -> Emulator? {
        idle.withLock { entries in
            let index =
                entries.lastIndex { $0.key == key && $0.emulator.arguments == arguments }
                ?? entries.lastIndex { $0.key == key }
            guard let index else { return nil }
            return entries.remove(at: index).emulator
        }
    }

    /// Keeps `emulator` (a handle the pool owns) for the next lease, if it still runs.
    func park(_ emulator: Emulator) {
        guard emulator.isRunning else {
            EmulatorCount.record("# stopped by its test: \(emulator.script)")
            return
        }
        let evicted: [Emulator] = idle.withLock { entries in
            entries.append((Key(script: emulator.script, arguments: emulator.arguments), emulator))
            let excess = entries.count - idleLimit
            guard excess > 0 else { return [] }
            defer { entries.removeFirst(excess) }
            return entries.prefix(excess).map(\.emulator)
        }
        for old in evicted {
            EmulatorCount.record("# pool full, stopped the one idle longest: \(old.script) \(old.arguments.joined(separator: " "))")
            old.stop()
        }
    }
}
