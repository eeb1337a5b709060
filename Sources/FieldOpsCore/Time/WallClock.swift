#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// fieldops' one notion of "now" for what is stamped, kept and compared with the calendar:
/// history samples, retention, maintenance windows, "since 7d".
///
/// It is the system's real-time clock shifted by a fixed offset. The offset is zero unless
/// `FIELDOPS_NOW` holds an ISO 8601 instant (`2026-06-02T03:00:00Z`): the process's clock then
/// starts at that instant and runs at real speed from there, so a test or the demo can play a
/// simulated week one `--once` run at a time while every timer, sleep and timeout still runs
/// on the real monotonic clock (libfaketime fakes the wall clock too, but `Task.sleep` never
/// returns under it). In-process tests set `WallClock.$override` instead.
///
/// Durations (timeouts, intervals, back-off) never read this clock: they use `ContinuousClock`.
public struct WallClock: Sendable {
    /// Added to the system's real-time clock, in milliseconds.
    public let offsetMilliseconds: Int64
    /// A test's clock it may set on the fly (`set(now:)`), shared by every copy of the clock.
    private let shift: Shift?

    private final class Shift: Sendable {
        let milliseconds = Locked<Int64>(0)
    }

    public init(offsetMilliseconds: Int64 = 0) {
        self.offsetMilliseconds = offsetMilliseconds
        shift = nil
    }

    /// A clock that reads `instant` now and runs on from there; `adjustable` lets a test move
    /// it while a command runs (`set(now:)`).
    public init(startingAt instant: Int64, adjustable: Bool = false) {
        offsetMilliseconds = instant - Self.systemMilliseconds()
        shift = adjustable ? Shift() : nil
    }

    /// Moves an adjustable clock so that it reads `instant` now (and runs on from there).
    public func set(now instant: Int64) {
        guard let shift else { return }
        shift.milliseconds.withLock { $0 = instant - Self.systemMilliseconds() - offsetMilliseconds }
    }

    /// The environment variable that sets the process's clock.
    public static let environmentVariable = "FIELDOPS_NOW"

    /// The system's clock, unshifted.
    public static let system = WallClock()

    /// The clock of a task and what it calls, for in-process tests.
    @TaskLocal public static var override: WallClock?

    /// The process's clock, from `FIELDOPS_NOW` when it names an instant; read once.
    public static let process: WallClock = {
        guard let text = getenv(environmentVariable).map({ String(cString: $0) }), !text.isEmpty else { return system }
        guard let instant = Timestamp.milliseconds(text) else {
            let line =
                "fieldops: \(environmentVariable)=\(text) is not an ISO 8601 instant (2026-06-02T03:00:00Z): using the system clock\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
            return system
        }
        return WallClock(startingAt: instant)
    }()

    /// The clock in force: the task's override, else the process's.
    public static var current: WallClock { override ?? process }

    /// Now, in Unix milliseconds, on the clock in force.
    public static var nowMilliseconds: Int64 { current.milliseconds() }

    /// Now on this clock, in Unix milliseconds.
    public func milliseconds() -> Int64 {
        Self.systemMilliseconds() + offsetMilliseconds + (shift?.milliseconds.withLock { $0 } ?? 0)
    }

    /// True when this clock is shifted (a test's or the demo's clock): worth saying in output
    /// that records the time.
    public var isShifted: Bool { offsetMilliseconds != 0 }

    static func systemMilliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000 + Int64(spec.tv_nsec) / 1_000_000
    }
}
