import FieldOpsCore

extension CommandContext {
    /// Writes a lossless JSON value for `--json`: pretty, keys in their kept order, numbers as
    /// the server wrote them (a 64-bit counter or `-18.20` must not pass through `Double`).
    func emit(json value: JSONValue) {
        stdout.write(value.jsonString(.pretty) + "\n")
    }
}
