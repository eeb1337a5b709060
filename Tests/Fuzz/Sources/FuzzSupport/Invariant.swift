/// A property every input must keep. A broken one traps, which libFuzzer reports as a crash
/// and saves the input that caused it.
public enum Invariant {
    public static func require(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        guard condition() else {
            fatalError("fuzz invariant broken: \(message())", file: file, line: line)
        }
    }

    /// Bytes shown as text for an invariant message, shortened so a 1 MB input stays readable.
    public static func excerpt(_ bytes: [UInt8], limit: Int = 300) -> String {
        let text = String(decoding: bytes.prefix(limit), as: UTF8.self)
        return bytes.count > limit ? "\(text)… (\(bytes.count) bytes)" : text
    }
}
