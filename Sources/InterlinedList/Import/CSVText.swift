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
    ///
    /// Every character that matters is ASCII, so the scan runs over the UTF-8 bytes and a field
    /// becomes a `String` once, when it ends (appending scalars one at a time was most of the
    /// time of a 2,500-row import).
    public static func records(_ text: String) throws(Malformed) -> [Record] {
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(Malformed) in try records(bytes) } }.get()
    }

    private static func records(_ bytes: UnsafeBufferPointer<UInt8>) throws(Malformed) -> [Record] {
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        let newline = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        field.reserveCapacity(64)
        var inQuotes = false
        var quotedField = false
        var line = 1
        var recordLine = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty && !quotedField) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields.removeAll(keepingCapacity: true)
            quotedField = false
        }

        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            let next: UInt8? = index < bytes.count ? bytes[index] : nil
            if inQuotes {
                if byte == quote {
                    if next == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == newline { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case quote:
                guard field.isEmpty else {
                    throw Malformed(line: line, reason: "a quote inside an unquoted field (quote the whole field and double the quote)")
                }
                inQuotes = true
                quotedField = true
            case comma:
                endField()
                quotedField = false
            case carriageReturn where next == newline:
                continue
            case newline:
                endRecord()
                line += 1
                recordLine = line
            default:
                if quotedField { throw Malformed(line: line, reason: "text after a closing quote") }
                field.append(byte)
            }
        }
        if inQuotes { throw Malformed(line: recordLine, reason: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || quotedField { endRecord() }
        return records
    }
}
