/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`, in the shapes the parsers take.
public struct FuzzInput {
    public let bytes: [UInt8]

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The input as text, invalid UTF-8 replaced (as `String(decoding:)` does for a response body).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The input as text only when it is valid UTF-8.
    public var validText: String? { String(validating: bytes, as: UTF8.self) }

    /// The input cut at newlines, a trailing `\r` dropped from each line (header lines, stamps).
    public var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
    }
}
