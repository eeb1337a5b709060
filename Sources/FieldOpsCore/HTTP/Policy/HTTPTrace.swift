import FoundationEssentials

/// Receives the verbose trace, one line per call; the CLI hooks it to `-v` on stderr.
public typealias HTTPTraceSink = @Sendable (String) -> Void

/// Removes secrets from what the trace shows: credential headers and token-like JSON fields.
public enum HTTPTraceRedaction {
    /// The value to show for header `name`: `<redacted>` for credentials, else `value`.
    public static func header(_ name: String, _ value: String) -> String {
        HTTPTrace.redactedHeaders.contains(name.lowercased()) ? "<redacted>" : value
    }

    /// JSON text with the string values of `token`, `access_token`, `refresh_token` and
    /// `password` replaced, at any depth; everything else is kept as sent.
    public static func json(_ text: String) -> String {
        HTTPTrace.redactJSON(text)
    }

    /// The URL with the values of token-like query parameters (`?access_token=…`) replaced.
    public static func url(_ text: String) -> String {
        guard let mark = text.firstIndex(of: "?") else { return text }
        let fragmentStart = text[mark...].firstIndex(of: "#") ?? text.endIndex
        let pairs = text[text.index(after: mark)..<fragmentStart].split(separator: "&", omittingEmptySubsequences: false)
        let redacted = pairs.map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return HTTPTrace.redactedFields.contains(name.lowercased()) ? "\(name)=<redacted>" : String(pair)
        }
        return String(text[...mark]) + redacted.joined(separator: "&") + String(text[fragmentStart...])
    }
}

/// Formats trace lines.
enum HTTPTrace {
    static let redactedHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-csrftoken", "x-api-key",
    ]
    static let redactedFields = ["token", "access_token", "refresh_token", "password"]
    static let bodyPreviewLimit = 4096

    static func headerLine(_ direction: String, _ field: HTTPHeaders.Field) -> String {
        "\(direction) \(field.name): \(HTTPTraceRedaction.header(field.name, field.value))"
    }

    /// A JSON body for the trace, token-like fields replaced; nil for non-JSON or huge bodies.
    static func bodyLine(_ direction: String, _ body: Data, contentType: String?) -> String? {
        guard !body.isEmpty, body.count <= bodyPreviewLimit else { return nil }
        let isJSON = contentType?.lowercased().contains("json") ?? (body.first == UInt8(ascii: "{") || body.first == UInt8(ascii: "["))
        guard isJSON else { return nil }
        return "\(direction) \(redactJSON(String(decoding: body, as: UTF8.self)))"
    }

    /// Replaces the string values of token-like keys (any letter case), keeping the rest of the
    /// text as sent. Strings are read as JSON reads them, so a key's name inside another string
    /// is left alone; a value that never ends is redacted to the end of the text.
    static func redactJSON(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let quote = UInt8(ascii: "\"")
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        /// The index just past the string that starts at `start` (a quote), or nil if it never ends.
        func endOfString(_ start: Int) -> Int? {
            var at = start + 1
            while at < bytes.count {
                switch bytes[at] {
                case quote: return at + 1
                case UInt8(ascii: "\\"): at += 2
                default: at += 1
                }
            }
            return nil
        }
        func skipSpace(_ at: Int) -> Int {
            var at = at
            while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(bytes[at]) { at += 1 }
            return at
        }
        while index < bytes.count {
            guard bytes[index] == quote else {
                output.append(bytes[index])
                index += 1
                continue
            }
            guard let keyEnd = endOfString(index) else {
                output.append(contentsOf: bytes[index...])
                break
            }
            let key = String(decoding: bytes[(index + 1)..<(keyEnd - 1)], as: UTF8.self).lowercased()
            let colon = skipSpace(keyEnd)
            let valueStart = colon < bytes.count && bytes[colon] == UInt8(ascii: ":") ? skipSpace(colon + 1) : bytes.count
            guard redactedFields.contains(key), valueStart < bytes.count, bytes[valueStart] == quote else {
                output.append(contentsOf: bytes[index..<keyEnd])
                index = keyEnd
                continue
            }
            output.append(contentsOf: bytes[index..<valueStart])
            output.append(contentsOf: "\"<redacted>\"".utf8)
            index = endOfString(valueStart) ?? bytes.count
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func milliseconds(_ seconds: Double) -> String {
        (seconds * 1000).fixedPoint(places: 1) + " ms"
    }
}
