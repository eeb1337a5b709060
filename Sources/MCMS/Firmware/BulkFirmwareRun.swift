import FieldOpsCore

/// Procedure 7 over many ONUs with bounded concurrency, one report line per finished ONU.
public struct BulkFirmwareRun: Sendable {
    public struct Summary: Sendable, Equatable {
        public var upgraded = 0
        public var skipped = 0
        public var failed = 0
        /// Ids that were not reached because the run was cancelled.
        public var notReached = 0
        public var interrupted = false

        public var exitCode: ExitCode {
            if interrupted { return .interrupted }
            return failed > 0 ? .partialFailure : .ok
        }
    }

    public let procedure: FirmwareProcedure
    public let concurrency: Int

    public init(procedure: FirmwareProcedure, concurrency: Int) {
        self.procedure = procedure
        self.concurrency = max(1, concurrency)
    }

    /// Runs every id; `record` is called once per finished ONU (report line, progress bar).
    /// A session expiry stops the run and is rethrown after the in-flight ONUs finish.
    public func run(ids: [String], record: @escaping @Sendable (BulkReportEntry) async throws -> Void) async throws -> Summary {
        var summary = Summary()
        var fatal: (any Error)?
        var next = 0
        try await withThrowingTaskGroup(of: BulkReportEntry?.self) { group in
            func startNext() {
                guard next < ids.count, fatal == nil, !Task.isCancelled else { return }
                let id = ids[next]
                next += 1
                group.addTask {
                    do {
                        return try await procedure.run(onuID: id)
                    } catch is CancellationError {
                        return nil
                    }
                }
            }
            for _ in 0..<min(concurrency, ids.count) { startNext() }
            while true {
                let finished: BulkReportEntry??
                do {
                    finished = try await group.next()
                } catch {
                    fatal = fatal ?? error
                    continue
                }
                guard let result = finished else { break }
                if let entry = result {
                    switch entry.outcome {
                    case .upgraded: summary.upgraded += 1
                    case .skipped: summary.skipped += 1
                    case .failed: summary.failed += 1
                    }
                    try await record(entry)
                }
                startNext()
            }
        }
        if let fatal { throw fatal }
        let done = summary.upgraded + summary.skipped + summary.failed
        summary.notReached = ids.count - done
        summary.interrupted = Task.isCancelled || done < ids.count
        return summary
    }
}
