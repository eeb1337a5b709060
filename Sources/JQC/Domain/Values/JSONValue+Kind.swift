import FieldOpsCore

extension JSONValue {
    /// The value's kind as JQC's messages word it: an array is "a list", the word the
    /// contract, the answers-file help and YAML use; other kinds read as `kindDescription`.
    var kindWord: String {
        if case .array = self { return "a list" }
        return kindDescription
    }
}
