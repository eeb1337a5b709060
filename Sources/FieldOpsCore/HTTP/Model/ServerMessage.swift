import Foundation

/// Pulls the human message out of an error body, so a failure shows the server's own words.
enum ServerMessage {
    /// The message from a JSON error body: `error`, `message`, `detail`, or `details.message`.
    static func extract(from body: Data, contentType: String?) -> String? {
        guard !body.isEmpty, !looksLikeHTML(body: body, contentType: contentType) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        if let details = object["details"] as? [String: Any], let message = nonEmpty(details["message"]) {
            return message
        }
        for key in ["message", "detail", "error"] {
            if let message = nonEmpty(object[key]) { return message }
            if let nested = object[key] as? [String: Any], let message = nonEmpty(nested["message"]) {
                return message
            }
        }
        return nil
    }

    static func looksLikeHTML(body: Data, contentType: String?) -> Bool {
        if let contentType, contentType.lowercased().contains("text/html") { return true }
        let prefix = String(decoding: body.prefix(64), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return prefix.hasPrefix("<!doctype html") || prefix.hasPrefix("<html")
    }

    private static func nonEmpty(_ value: Any?) -> String? {
        guard let text = value as? String else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
