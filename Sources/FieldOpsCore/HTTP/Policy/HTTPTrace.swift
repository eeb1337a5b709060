import Foundation

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

    /// Replaces the string values of token-like keys, keeping the rest of the text as sent.
    static func redactJSON(_ text: String) -> String {
        let keys = redactedFields.joined(separator: "|")
        let pattern = "(\"(?:\(keys))\"\\s*:\\s*)\"(?:[^\"\\\\]|\\\\.)*\""
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return expression.stringByReplacingMatches(in: text, range: range, withTemplate: "$1\"<redacted>\"")
    }

    static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.1f ms", seconds * 1000)
    }
}
