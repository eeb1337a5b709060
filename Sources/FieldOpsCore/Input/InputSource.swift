import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command reads its input: the process's stdin, or fixed text in tests.
public protocol InputSource: Sendable {
    var isTerminal: Bool { get }
    /// One line without its newline; nil at end of input.
    func readLine() -> String?
    /// Everything up to end of input.
    func readAll() -> Data
}

/// The process's standard input.
public struct StandardInput: InputSource {
    public init() {}

    public var isTerminal: Bool { isatty(0) == 1 }

    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

    public func readAll() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }
}

/// Fixed input for tests (`--password-stdin`, answers files given as `-`).
public struct FixedInput: InputSource {
    private let lines: Locked<[String]>
    private let data: Data
    public let isTerminal: Bool

    public init(_ text: String, isTerminal: Bool = false) {
        self.data = Data(text.utf8)
        var split = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if split.last == "" { split.removeLast() }
        self.lines = Locked(split)
        self.isTerminal = isTerminal
    }

    public func readLine() -> String? {
        lines.withLock { lines in lines.isEmpty ? nil : lines.removeFirst() }
    }

    public func readAll() -> Data { data }
}
