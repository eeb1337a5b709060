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
}

extension TextStream {
    public func write(bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }

    public func line(_ text: String = "") { write(text + "\n") }
}

/// One of the process's standard streams, written unbuffered through `write(2)`.
public struct FileDescriptorStream: TextStream {
    public let descriptor: Int32
    public let isTerminal: Bool

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        self.isTerminal = isatty(descriptor) == 1
    }

    public static let standardOutput = FileDescriptorStream(descriptor: 1)
    public static let standardError = FileDescriptorStream(descriptor: 2)

    public func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    public func write(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            // Read in place: the writer that hands its buffer over keeps it for the next bytes.
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return  // EPIPE and friends: the reader went away; nothing useful to do.
            }
            offset += written
        }
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

/// A stream that keeps what was written, for tests and for commands that capture output.
public final class CapturedStream: TextStream {
    private let buffer = Locked("")
    public let isTerminal: Bool

    public init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    public func write(_ text: String) {
        buffer.withLock { $0 += text }
    }

    public var text: String { buffer.withLock { $0 } }
}
