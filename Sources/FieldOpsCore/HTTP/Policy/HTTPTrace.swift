import Foundation

/// Receives the verbose trace, one line per call; the CLI hooks it to `-v` on stderr.
public typealias HTTPTraceSink = @Sendable (String) -> Void

/// Formats trace lines with every secret removed: credentials headers and token-like JSON fields.
enum HTTPTrace {
    static let redactedHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-csrftoken", "x-api-key",
    ]
    static let redactedFields = ["token", "access_token", "refresh_token", "password"]
    static let bodyPreviewLimit = 4096

    static func headerLine(_ direction: String, _ field: HTTPHeaders.Field) -> String {
        let value = redactedHeaders.contains(field.name.lowercased()) ? "<redacted>" : field.value
        return "\(direction) \(field.name): \(value)"
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
