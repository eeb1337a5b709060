import FoundationEssentials

/// Pulls the human message out of an error body, so a failure shows the server's own words.
enum ServerMessage {
    /// The message from a JSON error body: `error`, `message`, `detail`, or `details.message`.
    static func extract(from body: Data, contentType: String?) -> String? {
        guard !body.isEmpty, !looksLikeHTML(body: body, contentType: contentType) else { return nil }
        guard let object = (try? JSONValue(parsing: body))?.objectValue else { return nil }
        if let message = nonEmpty(object["details"]?["message"]) { return message }
        for key in ["message", "detail", "error"] {
            if let message = nonEmpty(object[key]) { return message }
            if let message = nonEmpty(object[key]?["message"]) { return message }
        }
        return nil
    }

    static func looksLikeHTML(body: Data, contentType: String?) -> Bool {
        if let contentType, contentType.lowercased().contains("text/html") { return true }
        let prefix = String(decoding: body.prefix(64), as: UTF8.self)
            .trimmingWhitespace().lowercased()
        return prefix.hasPrefix("<!doctype html") || prefix.hasPrefix("<html")
    }

    private static func nonEmpty(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue else { return nil }
        let trimmed = text.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// Why a body the JSON decoder refused is not what was expected, said the same way by every
/// backend: an HTML page, bytes that are not UTF-8, a syntax error at line and column, or valid
/// JSON with a value that cannot fit its field (a number beyond what the field holds).
public enum JSONBodyProblem {
    public static func describe(_ body: Data, contentType: String?) -> String {
        if body.isEmpty { return "the answer is empty where JSON was expected" }
        if ServerMessage.looksLikeHTML(body: body, contentType: contentType) {
            return "the server answered an HTML page instead of JSON (a proxy, a login page, or not the service)"
        }
        if String(validating: body, as: UTF8.self) == nil {
            return "the answer is not UTF-8 text, so it cannot be JSON"
        }
        do {
            _ = try JSONValue(parsing: body)
        } catch {
            return "the answer is not valid JSON: line \(error.line), column \(error.column): \(error.reason)"
        }
        return
            "the answer is valid JSON, but a value in it does not fit its field (a number too large or too precise, or a value of another type)"
    }
}
