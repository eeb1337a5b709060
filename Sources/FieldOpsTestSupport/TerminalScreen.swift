import Foundation

/// A program on a real pseudo-terminal whose screen is modelled by `pyte` (a VT100 emulator in
/// python), so a test can read what a person would see — text and reverse video — type keys,
/// and resize the terminal (the program gets SIGWINCH, as from a window manager).
///
/// The driver speaks JSON lines on its stdin/stdout. Without `pyte` it answers with an error
/// naming the package, and `init` throws that, so the test fails saying what to install.
/// (MCMS's watch tests have an older copy of this in Tests/MCMSTests/Support/ScreenSession.swift.)
public final class TerminalScreen: @unchecked Sendable {
    // @unchecked: the process and pipes are used from one test at a time, never concurrently.
    public struct Screen: Sendable {
        public var lines: [String]
        /// Per line, "1" where the cell is in reverse video and "0" elsewhere.
        public var reverse: [String]
        public var ok: Bool

        public var text: String { lines.joined(separator: "\n") }

        /// The reverse-video flags of the cells where `needle` sits on screen (on the first line
        /// `on` accepts), or nil.
        public func reverseFlags(of needle: String, on accepted: (String) -> Bool = { _ in true }) -> [Bool]? {
            for (row, line) in lines.enumerated() where accepted(line) {
                guard let range = line.range(of: needle) else { continue }
                let start = line.distance(from: line.startIndex, to: range.lowerBound)
                let flags = Array(reverse[row])
                return (start..<(start + needle.count)).map { $0 < flags.count && flags[$0] == "1" }
            }
            return nil
        }
    }

    public struct Exit: Sendable {
        public var code: Int32?
        public var signal: Int32?
        /// The tail of everything the program wrote, escape sequences included.
        public var rawTail: String
        public var leftAlternateScreen: Bool
        public var showedCursor: Bool
    }

    public struct DriverError: Error, CustomStringConvertible {
        public var description: String
    }

    private let process: Process
    private let input: FileHandle
    private let output: FileHandle
    private var buffer = Data()

    /// Starts `executable arguments` in a `columns`×`rows` terminal with `environment`.
    public init(_ executable: String, arguments: [String], environment: [String: String], columns: Int = 140, rows: Int = 50) throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("fieldops-screen-\(UUID().uuidString).py")
        try Data(Self.driver.utf8).write(to: script)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, String(columns), String(rows), "--", executable] + arguments
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The driver has its ends; the parent's copies of them would stay open for the suite.
        try? stdin.fileHandleForReading.close()
        try? stdout.fileHandleForWriting.close()
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
        let hello = try readReply()
        try? FileManager.default.removeItem(at: script)
        if let error = hello["error"] as? String { throw DriverError(description: error) }
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? input.close()
        try? output.close()
    }

    /// Waits until the screen shows `text`.
    @discardableResult
    public func wait(for text: String, timeout: Double = 20) throws -> Screen {
        try screen(["op": "wait", "text": text, "timeout": timeout])
    }

    /// Waits until the screen no longer shows `text`.
    @discardableResult
    public func wait(untilGone text: String, timeout: Double = 20) throws -> Screen {
        try screen(["op": "wait_gone", "text": text, "timeout": timeout])
    }

    /// Waits until `text` is on screen with every one of its cells in reverse video.
    @discardableResult
    public func wait(forReverse text: String, timeout: Double = 20) throws -> Screen {
        try screen(["op": "wait_reverse", "text": text, "timeout": timeout])
    }

    public func send(_ keys: String) throws {
        _ = try call(["op": "send", "data": keys])
    }

    /// The screen now, after the program has been quiet for a moment.
    public func snapshot() throws -> Screen {
        try screen(["op": "settle"])
    }

    /// Sends `signal` to the terminal's foreground process group (as `kill` from another
    /// terminal would, to everything running in the foreground there).
    public func signalForeground(_ signal: Int32) throws {
        _ = try call(["op": "signal", "signal": Int(signal)])
    }

    /// Resizes the terminal; the program gets SIGWINCH.
    public func resize(columns: Int, rows: Int) throws {
        _ = try call(["op": "resize", "columns": columns, "rows": rows])
    }

    public func waitForExit(timeout: Double = 20) throws -> Exit {
        let reply = try call(["op": "wait_exit", "timeout": timeout])
        return Exit(
            code: (reply["exit"] as? Int).map(Int32.init), signal: (reply["signal"] as? Int).map(Int32.init),
            rawTail: reply["raw_tail"] as? String ?? "", leftAlternateScreen: reply["left_alternate"] as? Bool ?? false,
            showedCursor: reply["showed_cursor"] as? Bool ?? false)
    }

    private func screen(_ request: [String: Any]) throws -> Screen {
        let reply = try call(request)
        return Screen(
            lines: reply["lines"] as? [String] ?? [], reverse: reply["reverse"] as? [String] ?? [],
            ok: reply["ok"] as? Bool ?? false)
    }

    private func call(_ request: [String: Any]) throws -> [String: Any] {
        var line = try JSONSerialization.data(withJSONObject: request)
        line.append(0x0A)
        try input.write(contentsOf: line)
        let reply = try readReply()
        if let error = reply["error"] as? String { throw DriverError(description: error) }
        return reply
    }

    private func readReply() throws -> [String: Any] {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
                    throw DriverError(description: "the screen driver answered \(String(decoding: line, as: UTF8.self))")
                }
                return object
            }
            let chunk = output.availableData
            guard !chunk.isEmpty else { throw DriverError(description: "the screen driver exited") }
            buffer.append(chunk)
        }
    }

    /// The python side: pty.fork, pyte as the screen, JSON lines in and out.
    static let driver = #"""
        import json, os, pty, select, signal, struct, sys, time
        import fcntl, termios

        try:
            import pyte
        except ImportError:
            print(json.dumps({"error": "the terminal tests need the python package pyte: pip install pyte"}), flush=True)
            sys.exit(0)

        columns, rows = int(sys.argv[1]), int(sys.argv[2])
        argv = sys.argv[4:]
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            # No signal blocked, as from a person's shell (the test runner's threads block most,
            # and a mask is inherited across fork and exec).
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            os.execvp(argv[0], argv)
        screen = pyte.Screen(columns, rows)
        stream = pyte.ByteStream(screen)
        raw = bytearray()
        status = None

        def pump(seconds):
            global status
            ready, _, _ = select.select([fd], [], [], seconds)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    chunk = b""
                if chunk:
                    raw.extend(chunk)
                    stream.feed(chunk)
                    return True
            if status is None:
                finished, code = os.waitpid(pid, os.WNOHANG)
                if finished:
                    status = code
            return False

        def snapshot(ok):
            lines = screen.display
            reverse = ["".join("1" if screen.buffer[y][x].reverse else "0" for x in range(columns)) for y in range(rows)]
            return {"ok": ok, "lines": lines, "reverse": reverse}

        def wait(test, timeout):
            # Once the text shows, the rest of the frame it came in is read too, so the snapshot
            # is never half of a redraw.
            deadline = time.time() + timeout
            while time.time() < deadline:
                if test():
                    settled = time.time() + 0.5
                    while time.time() < settled and pump(0.05):
                        pass
                    return True
                pump(0.05)
            return test()

        def shows(text):
            return any(text in line for line in screen.display)

        def reversed_text(text):
            for y, line in enumerate(screen.display):
                x = line.find(text)
                while x >= 0:
                    if all(screen.buffer[y][x + i].reverse for i in range(len(text))):
                        return True
                    x = line.find(text, x + 1)
            return False

        print(json.dumps({"ready": True}), flush=True)
        for request_line in sys.stdin:
            request = json.loads(request_line)
            op = request["op"]
            timeout = request.get("timeout", 20)
            if op == "wait":
                reply = snapshot(wait(lambda: shows(request["text"]), timeout))
            elif op == "wait_gone":
                reply = snapshot(wait(lambda: not shows(request["text"]), timeout))
            elif op == "wait_reverse":
                reply = snapshot(wait(lambda: reversed_text(request["text"]), timeout))
            elif op == "send":
                os.write(fd, request["data"].encode())
                reply = {"ok": True}
            elif op == "settle":
                while pump(0.15):
                    pass
                reply = snapshot(True)
            elif op == "signal":
                os.killpg(os.tcgetpgrp(fd), request["signal"])
                reply = {"ok": True}
            elif op == "resize":
                columns, rows = request["columns"], request["rows"]
                screen.resize(rows, columns)
                fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
                reply = {"ok": True}
            elif op == "wait_exit":
                deadline = time.time() + timeout
                while status is None and time.time() < deadline:
                    pump(0.05)
                while pump(0.05):
                    pass
                if status is None:
                    os.kill(pid, signal.SIGKILL)
                    _, status = os.waitpid(pid, 0)
                reply = {
                    "exit": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
                    "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
                    "raw_tail": bytes(raw[-400:]).decode("utf-8", "replace"),
                    "left_alternate": b"\x1b[?1049l" in raw,
                    "showed_cursor": b"\x1b[?25h" in raw,
                }
            else:
                reply = {"error": "unknown op " + op}
            print(json.dumps(reply), flush=True)
        """#
}
