import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command writes text: the process's stdout/stderr, or a buffer in tests.
///
/// Commands never call `print`; they write through the streams of their `CommandContext`, so a
/// test can run any command and read what it printed.
public protocol TextStream: Sendable {
    func write(_ text: String)
    /// Writes bytes as they are (an answer printed byte for byte); text streams decode them.
    func write(bytes: [UInt8])
    /// Whether this stream is a terminal (decides tables vs plain text, colour and progress bars).
    var isTerminal: Bool { get }
    /// The error number of the first write that failed (EPIPE: the reader went away; ENOSPC,
    /// EIO, EBADF: what was written is incomplete), nil while every write went through.
    var writeFailure: Int32? { get }
    /// Calls `handler` once, with the error number, when a write first fails (at once when one
    /// failed already): the dispatcher stops the command then, as SIGPIPE would have.
    func whenWriteFails(_ handler: @escaping @Sendable (Int32) -> Void)
    /// The terminal's status line when this stream writes to a terminal that has one (progress
    /// is drawn there; every write steps around it), nil otherwise.
    var statusLine: StatusLine? { get }
}

extension TextStream {
    public func write(bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }

    /// Streams kept in memory never fail.
    public var writeFailure: Int32? { nil }

    public func whenWriteFails(_ handler: @escaping @Sendable (Int32) -> Void) {}

    public var statusLine: StatusLine? { nil }

    public func line(_ text: String = "") { write(text + "\n") }
}

/// One of the process's standard streams, written unbuffered through `write(2)`.
///
/// A write that fails is remembered, not ignored: the first failure ends every later write to
/// the descriptor (the output is broken; nothing more of it can be trusted), and the dispatcher
/// turns it into the exit status (`OutputFailure`): 141 and silence for a reader that went away
/// (`| head`), a message and exit 1 for a full disk, an I/O error or a closed descriptor. The
/// process ignores SIGPIPE (main), so a closed pipe is an EPIPE here, and the command is stopped
/// the way Ctrl-C stops it: its temporary files removed, its transactions rolled back.
public final class FileDescriptorStream: TextStream {
    public let descriptor: Int32
    public let isTerminal: Bool
    private let state = Locked(FailureState())

    private struct FailureState {
        var failure: Int32?
        var handlers: [@Sendable (Int32) -> Void] = []
    }

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        self.isTerminal = isatty(descriptor) == 1
    }

    public static let standardOutput = FileDescriptorStream(descriptor: 1)
    public static let standardError = FileDescriptorStream(descriptor: 2)

    /// The terminal's status line, for stdout and stderr on a terminal.
    public var statusLine: StatusLine? {
        isTerminal && (descriptor == 1 || descriptor == 2) && StatusLine.terminal.enabled ? StatusLine.terminal : nil
    }

    public func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    public func write(bytes: [UInt8]) {
        guard let statusLine else { return writeThrough(bytes) }
        statusLine.interrupt(for: bytes) { writeThrough(bytes) }
    }

    private func writeThrough(_ bytes: [UInt8]) {
        guard writeFailure == nil else { return }
        var offset = 0
        while offset < bytes.count {
            // Read in place: the writer that hands its buffer over keeps it for the next bytes.
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                failed(errno)
                return
            }
            offset += written
        }
    }

    public var writeFailure: Int32? { state.withLock { $0.failure } }

    public func whenWriteFails(_ handler: @escaping @Sendable (Int32) -> Void) {
        let failure = state.withLock { state -> Int32? in
            if state.failure == nil { state.handlers.append(handler) }
            return state.failure
        }
        if let failure { handler(failure) }
    }

    private func failed(_ code: Int32) {
        let handlers = state.withLock { state -> [@Sendable (Int32) -> Void] in
            guard state.failure == nil else { return [] }
            state.failure = code
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in handlers { handler(code) }
    }
}

/// Output held until it is complete, then written to `stream` at once: one JSON document
/// written page by page while a listing is still reading pages, and never half of it when the
/// listing fails (`release()` is then never called).
public final class HeldStream: TextStream {
    private let chunks = Locked<[[UInt8]]>([])
    public let stream: any TextStream

    public init(_ stream: any TextStream) {
        self.stream = stream
    }

    /// The stream's: what is written is meant for it.
    public var isTerminal: Bool { stream.isTerminal }

    public var statusLine: StatusLine? { stream.statusLine }

    public var writeFailure: Int32? { stream.writeFailure }

    public func whenWriteFails(_ handler: @escaping @Sendable (Int32) -> Void) { stream.whenWriteFails(handler) }

    public func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    public func write(bytes: [UInt8]) {
        chunks.withLock { $0.append(bytes) }
    }

    /// Writes everything held to the stream, in order, and forgets it.
    public func release() {
        let held = chunks.withLock { chunks in
            defer { chunks = [] }
            return chunks
        }
        for chunk in held { stream.write(bytes: chunk) }
    }
}

/// A stream that keeps what was written, for tests and for commands that capture output. One
/// that plays a terminal has a status line of its own, drawn into what it keeps.
public final class CapturedStream: TextStream {
    private let buffer: Locked<String>
    public let isTerminal: Bool
    public let statusLine: StatusLine?

    public init(isTerminal: Bool = false) {
        let buffer = Locked("")
        self.buffer = buffer
        self.isTerminal = isTerminal
        statusLine = isTerminal ? StatusLine(capturing: { bytes in buffer.withLock { $0 += String(decoding: bytes, as: UTF8.self) } }) : nil
    }

    public func write(_ text: String) {
        guard let statusLine else { return buffer.withLock { $0 += text } }
        statusLine.interrupt(for: Array(text.utf8)) { buffer.withLock { $0 += text } }
    }

    public var text: String { buffer.withLock { $0 } }
}
