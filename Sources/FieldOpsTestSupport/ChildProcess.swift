import Foundation

/// A child process whose first stdout line is awaited and whose stderr goes to a temp file.
///
/// `@unchecked Sendable`: the Foundation `Process` and the reader state are only touched while
/// holding `lock`; the reader thread writes `state` under the same lock.
final class ChildProcess: @unchecked Sendable {
    enum FirstLine: Sendable, Equatable {
        case pending
        case line(String)
        case ended
    }

    private let lock = NSLock()
    private let process: Process
    private let stderrURL: URL
    private var state: FirstLine = .pending
    private var stopped = false

    private init(process: Process, stderrURL: URL) {
        self.process = process
        self.stderrURL = stderrURL
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: stderrURL)
    }

    static func launch(_ arguments: [String]) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardInput = FileHandle.nullDevice
        let stderrURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("fieldops-emulator-\(UUID().uuidString).stderr")
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stderr = try FileHandle(forWritingTo: stderrURL)
        process.standardError = stderr
        try process.run()
        // The child has its own copies now. Foundation's Process is never deallocated once run
        // (it keeps its handles), so a descriptor not closed here stayed open for the rest of
        // the suite: two per emulator, some 900 by the end, past the count at which Process.run
        // itself reads beyond its buffer (see Tests/Sanitizers/asan.supp).
        try? stderr.close()
        try? stdout.fileHandleForWriting.close()
        let child = ChildProcess(process: process, stderrURL: stderrURL)
        let reader = stdout.fileHandleForReading
        let thread = Thread { [child] in child.readFirstLine(from: reader) }
        thread.start()
        return child
    }

    /// Blocks this helper thread until a newline or EOF; the emulator prints nothing else.
    /// Plain read(2) with an EINTR retry: `FileHandle.availableData` traps on EINTR.
    private func readFirstLine(from handle: FileHandle) {
        defer { try? handle.close() }  // the emulator prints nothing after its first line
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                lock.withLock { state = .ended }
                return
            }
            bytes.append(contentsOf: buffer[..<count])
            if let newline = bytes.firstIndex(of: 0x0A) {
                let line = String(decoding: bytes[..<newline], as: UTF8.self)
                lock.withLock { state = .line(line) }
                return
            }
        }
    }

    func firstLine() -> FirstLine {
        lock.withLock { state }
    }

    var isRunning: Bool {
        lock.withLock { process.isRunning }
    }

    func stderrText() -> String {
        (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
    }

    /// SIGTERM, then SIGKILL after `grace` seconds; returns the exit status. Idempotent.
    @discardableResult
    func stop(grace: Double = 2) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if !stopped {
            stopped = true
            if process.isRunning {
                kill(process.processIdentifier, SIGTERM)
                let deadline = Date().addingTimeInterval(grace)
                while process.isRunning && Date() < deadline { usleep(10_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
            process.waitForExit()
        }
        return process.terminationStatus
    }
}

extension Process {
    /// Waits for the child to end by polling `isRunning`, which Foundation updates from its own
    /// queue. `waitUntilExit()` spins the calling thread's run loop instead and, with several
    /// children ending at once on different threads (parallel tests), can wait for ever.
    public func waitForExit() {
        while isRunning { usleep(5_000) }
    }
}
