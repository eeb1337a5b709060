/// Writing YAML scalars by hand, so edits never re-emit (and reformat) a person's file.
enum YAMLText {
    /// `text` as a plain scalar when it is a safe word, else double-quoted with escapes.
    static func scalar(_ text: String) -> String {
        let safe =
            !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
        let reserved = ["null", "Null", "NULL", "~", "true", "false", "yes", "no", "on", "off"]
        if safe, !reserved.contains(text), text.first != "-" { return text }
        return quoted(text)
    }

    /// Always double-quoted (for URLs and free text).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
