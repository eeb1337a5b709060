import FieldOpsTestSupport
import Foundation
import Testing

@testable import FieldOpsCore

/// Writers in other threads and other processes never lose each other's entries.
@Suite struct KeyringConcurrencyTests {
    // MARK: threads

    @Test func manyInstancesOnManyThreadsLoseNothing() throws {
        let fixture = try KeyringFixture()
        let path = fixture.path
        let failures = FailureLog()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            // A Keyring per thread: separate descriptors, as separate processes would have.
            let keyring = Keyring(path: path, passphrase: PassphraseSource(environment: [:], allowsPrompt: false))
            for item in 0..<8 {
                do {
                    try keyring.update(profile: "p\(thread)-\(item)") { $0.secrets["access_token"] = "t\(thread)-\(item)" }
                    try keyring.update(profile: "shared") { $0.secrets["from-\(thread)-\(item)"] = "x" }
                } catch {
                    failures.append("\(error)")
                }
            }
        }
        #expect(failures.messages == [])
        let keyring = fixture.keyring()
        #expect(try keyring.profiles().count == 65)
        #expect(try keyring.entry(for: "p5-7")?.secrets["access_token"] == "t5-7")
        #expect(try keyring.entry(for: "shared")?.secrets.count == 64)
    }

    // MARK: another process

    /// A python3 writer that follows the keyring's locking protocol: flock the sibling
    /// `.lock` file, read, add an entry, write a 0600 temp file, fsync, rename, unlock.
    private static let pythonWriter = #"""
        import fcntl, json, os, sys, tempfile, time
        path, name, count, hold = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
        print("ready", flush=True)
        for i in range(count):
            with open(path + ".lock", "a+") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if hold:
                    print("locked", flush=True)
                    time.sleep(hold)
                try:
                    with open(path) as f:
                        doc = json.load(f)
                except FileNotFoundError:
                    doc = {"format": "fieldops-keyring", "version": 1, "encryption": "none", "entries": {}}
                doc["entries"]["%s-%d" % (name, i)] = {"secrets": {"access_token": "py"}, "updatedAt": "2026-01-01T00:00:00Z"}
                fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".py-")
                os.write(fd, json.dumps(doc).encode())
                os.fsync(fd)
                os.close(fd)
                os.rename(tmp, path)
                fcntl.flock(lock, fcntl.LOCK_UN)
        print("done", flush=True)
        """#

    private func startWriter(_ fixture: KeyringFixture, name: String, count: Int, hold: Double) throws -> (Process, FileHandle) {
        let script = fixture.root + "/writer.py"
        try Data(KeyringConcurrencyTests.pythonWriter.utf8).write(to: URL(fileURLWithPath: script))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, fixture.path, name, String(count), String(hold)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return (process, output.fileHandleForReading)
    }

    private func readLine(_ handle: FileHandle) -> String {
        var line = Data()
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }

    @Test func writerWaitsForAnotherProcessHoldingTheLockAndKeepsItsEntry() throws {
        let fixture = try KeyringFixture()
        try fixture.keyring().update(profile: "mine-before") { $0.secrets["access_token"] = "a" }
        let (process, output) = try startWriter(fixture, name: "python", count: 1, hold: 0.8)
        #expect(readLine(output) == "ready")
        #expect(readLine(output) == "locked")

        let started = Date()
        try fixture.keyring().update(profile: "mine-after") { $0.secrets["access_token"] = "b" }
        let waited = Date().timeIntervalSince(started)
        process.waitForExit()

        #expect(process.terminationStatus == 0)
        #expect(waited >= 0.5, "the update returned after \(waited)s while python held the lock")
        // Our write happened after python's and was based on it: nothing was lost.
        #expect(try fixture.keyring().profiles() == ["mine-after", "mine-before", "python-0"])
    }

    @Test func concurrentWritesFromAnotherProcessAndThreadsAllSurvive() throws {
        let fixture = try KeyringFixture()
        try fixture.keyring().update(profile: "seed") { _ in }
        let (process, output) = try startWriter(fixture, name: "py", count: 60, hold: 0)
        #expect(readLine(output) == "ready")
        let path = fixture.path
        let failures = FailureLog()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let keyring = Keyring(path: path, passphrase: PassphraseSource(environment: [:], allowsPrompt: false))
            for item in 0..<15 {
                do {
                    try keyring.update(profile: "swift\(thread)-\(item)") { $0.secrets["access_token"] = "s" }
                } catch {
                    failures.append("\(error)")
                }
            }
        }
        process.waitForExit()
        #expect(process.terminationStatus == 0)
        #expect(failures.messages == [])
        let names = try fixture.keyring().profiles()
        #expect(names.count == 121)
        #expect(names.filter { $0.hasPrefix("py-") }.count == 60)
        #expect(names.filter { $0.hasPrefix("swift") }.count == 60)
    }
}

/// Errors collected from worker threads.
///
/// `@unchecked Sendable`: `items` is only touched inside `lock.withLock`.
private final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ message: String) { lock.withLock { items.append(message) } }
    var messages: [String] { lock.withLock { items } }
}
