import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@Suite struct ProcessLockTests {
    /// Owned by the suite instance so it outlives every use within a test.
    let directory: StoreScratchDirectory

    init() throws {
        directory = try StoreScratchDirectory()
    }

    /// Starts python3 holding `flock(LOCK_EX)` on `path` with its PID written in the file,
    /// until its stdin closes.
    private func startHolder(path: String) throws -> (Process, Pipe) {
        let script = """
            import fcntl, os, sys
            f = open(sys.argv[1], "a+")
            fcntl.flock(f, fcntl.LOCK_EX)
            f.seek(0); f.truncate(); f.write(str(os.getpid()) + "\\n"); f.flush()
            print("locked", flush=True)
            sys.stdin.read()
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = output.fileHandleForReading.readData(ofLength: 7)
        #expect(String(decoding: line, as: UTF8.self) == "locked\n")
        return (process, input)
    }

    @Test func tryLockFailsWhileAnotherProcessHoldsItAndNamesItsPID() throws {
        let path = directory.file("locks/sync.lock")
        let lock = try ProcessLock(path: path)
        let (holder, input) = try startHolder(path: path)

        #expect(try lock.tryLock() == .heldBy(pid: holder.processIdentifier))
        #expect(!lock.isLocked)

        try input.fileHandleForWriting.close()
        holder.waitForExit()
        #expect(try lock.tryLock() == .acquired)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n")
    }

    @Test func lockWithTimeoutGivesUpNamingTheHolder() throws {
        let path = directory.file("sync.lock")
        let (holder, input) = try startHolder(path: path)
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitForExit()
        }
        let lock = try ProcessLock(path: path)
        let clock = ContinuousClock()
        let started = clock.now
        do {
            try lock.lock(timeout: .milliseconds(200))
            Issue.record("took a lock another process holds")
        } catch {
            #expect(error.reason == .held(pid: holder.processIdentifier))
            #expect(error.summary.contains("pid \(holder.processIdentifier)"))
        }
        #expect(clock.now - started >= .milliseconds(200))
    }

    @Test func lockWaitsForTheHolderToFinish() throws {
        let path = directory.file("sync.lock")
        let (holder, input) = try startHolder(path: path)
        let lock = try ProcessLock(path: path)
        // Release the holder shortly; the blocking lock must then succeed within its timeout.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150)) {
            try? input.fileHandleForWriting.close()
        }
        try lock.lock(timeout: .seconds(5))
        #expect(lock.isLocked)
        holder.waitForExit()
    }

    @Test func releasingClearsThePIDAndClosingReleasesTheLock() throws {
        let path = directory.file("sync.lock")
        let second = try ProcessLock(path: path)
        do {
            let first = try ProcessLock(path: path)
            #expect(try first.tryLock() == .acquired)
            #expect(try second.tryLock() == .heldBy(pid: getpid()))
            first.unlock()
            #expect(try String(contentsOfFile: path, encoding: .utf8).isEmpty)
            #expect(try first.tryLock() == .acquired)
        }
        // `first` is gone: its descriptor closed and the kernel released the lock.
        #expect(try second.tryLock() == .acquired)
    }

    @Test func theLockFileIsPrivate() throws {
        let path = directory.file("sync.lock")
        _ = try ProcessLock(path: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}

extension ProcessLockTests {
    @Test func withLockReleasesAfterTheBodyEvenWhenItThrows() throws {
        struct Failed: Error {}
        let path = directory.file("sync.lock")
        let lock = try ProcessLock(path: path)
        let other = try ProcessLock(path: path)
        #expect(throws: Failed.self) {
            try lock.withLock(timeout: .seconds(1)) {
                #expect(try other.tryLock() == .heldBy(pid: getpid()))
                throw Failed()
            }
        }
        #expect(!lock.isLocked)
        #expect(try other.tryLock() == .acquired)
    }
}
