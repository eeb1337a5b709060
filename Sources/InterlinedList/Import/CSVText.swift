/// RFC 4180 CSV as `il row add --from FILE.csv` reads it. (Writing is the core's: `il list
/// export` prints its CSV through `StructuredOutput`, like every `-o csv`.)
public enum CSVText {
    /// One record and the physical line it starts on (1-based), for `FILE:LINE:` messages.
    public struct Record: Sendable, Equatable {
        public var line: Int
        public var fields: [String]
    }

    public struct Malformed: Error, Equatable {
        public var line: Int
        public var reason: String
    }

    /// Parses `text`: fields split on commas, `"…"` quoting with `""` for a quote, newlines
    /// (LF or CRLF) inside quotes kept. Blank lines are skipped. A byte-order mark is ignored.
    public static func records(_ text: String) throws(Malformed) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var quotedField = false
        var line = 1
        var recordLine = 1
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar? = iterator.next()

        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !quotedField) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            field = ""
            quotedField = false
        }

        while let scalar = pending {
            pending = iterator.next()
            if inQuotes {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = iterator.next()
                    } else {
                        inQuotes = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard field.isEmpty else { throw Malformed(line: line, reason: "a quote inside an unquoted field (quote the whole field and double the quote)") }
                inQuotes = true
                quotedField = true
            case ",":
                fields.append(field)
                field = ""
                quotedField = false
            case "\r" where pending == "\n":
                continue
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                if quotedField { throw Malformed(line: line, reason: "text after a closing quote") }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw Malformed(line: recordLine, reason: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || quotedField { endRecord() }
        return records
    }
}
