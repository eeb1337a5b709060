/// A document that is not valid JSON, located by line and column with the offending line shown.
public struct JSONParseError: UserFacingError, Equatable, CustomStringConvertible {
    /// What was parsed ("response to GET /onus/5", a file path), when the caller said.
    public var source: String?
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column, counted in Unicode scalars from the start of the line.
    public var column: Int
    /// 0-based byte offset of the problem in the input.
    public var byteOffset: Int
    /// What was expected and what was found ("expected ',' or '}' after an object member, found ']'").
    public var reason: String
    /// The line containing the problem (shortened around the column when very long).
    public var excerpt: String
    /// The column of the problem within `excerpt`, 1-based.
    public var excerptColumn: Int

    public var summary: String {
        let place = source.map { "in \($0) " } ?? ""
        return "invalid JSON \(place)at line \(line), column \(column): \(reason)"
    }

    public var details: [String] {
        guard !excerpt.isEmpty || excerptColumn > 1 else { return [] }
        return [excerpt, String(repeating: " ", count: max(0, excerptColumn - 1)) + "^"]
    }

    public var hint: String? {
        source == nil ? nil : "the data is not valid JSON (RFC 8259); check what produced it"
    }

    public var exitCode: ExitCode { .failure }

    public var description: String { summary }
}

extension JSONParseError {
    /// Locates `offset` in `bytes` and builds the error; called only on failure, so the
    /// line counting costs nothing on the successful path.
    init(reason: String, offset: Int, in bytes: UnsafeBufferPointer<UInt8>, source: String?) {
        let offset = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<offset where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n"), bytes[lineEnd] != UInt8(ascii: "\r") {
            lineEnd += 1
        }
        // Columns count scalars: skip UTF-8 continuation bytes.
        func scalars(_ range: Range<Int>) -> Int {
            range.reduce(0) { $0 + (bytes[$1] & 0xC0 == 0x80 ? 0 : 1) }
        }
        let column = scalars(lineStart..<offset) + 1

        // Show at most ~100 columns around the problem so a minified 10 MB line stays readable.
        var excerptStart = lineStart
        var prefix = ""
        if column > 80 {
            var skip = column - 60
            while excerptStart < offset, skip > 0 {
                excerptStart += 1
                if excerptStart < bytes.count, bytes[excerptStart] & 0xC0 != 0x80 { skip -= 1 }
            }
            prefix = "…"
        }
        var excerptEnd = excerptStart
        var shown = 0
        while excerptEnd < lineEnd, shown < 100 {
            excerptEnd += 1
            if excerptEnd >= bytes.count || bytes[excerptEnd] & 0xC0 != 0x80 { shown += 1 }
        }
        let suffix = excerptEnd < lineEnd ? "…" : ""
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[excerptStart..<excerptEnd]), as: UTF8.self)
        // Tabs and other controls would shift the caret; show them as spaces.
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 ? " " : $0 }))

        self.init(
            source: source,
            line: line,
            column: column,
            byteOffset: offset,
            reason: reason,
            excerpt: prefix + cleaned + suffix,
            excerptColumn: prefix.count + scalars(excerptStart..<offset) + 1
        )
    }
}
