/// The PATH argument of `fieldops api`: a path relative to the backend's API root, with an
/// optional query, as a person copies it from API documentation.
///
/// The path is kept as typed (it may already be percent-encoded); only bytes that may never
/// appear in a URL (space, controls, non-ASCII, `"<>\^`{|}`) are encoded. An absolute URL or a
/// `//host` path is refused: credentials go to the profile's own origin only.
public struct APIPath: Sendable, Equatable {
    /// The path below the API root, starting with `/`, URL-safe.
    public var path: String
    /// The query items written in PATH, decoded, in order.
    public var query: [HTTPRequest.QueryItem]

    public init(_ text: String) throws {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { throw FieldOpsError.usage("api needs a PATH, e.g. /api/lists") }
        if trimmed.contains("://") || trimmed.hasPrefix("//") {
            throw FieldOpsError.usage(
                "'\(text)' is not a path: fieldops api sends requests to the profile's own base_url only",
                hint: "give the path below the base URL, e.g. fieldops api /api/lists")
        }
        var pathPart = Substring(trimmed)
        var queryPart: Substring = ""
        if let mark = trimmed.firstIndex(of: "?") {
            pathPart = trimmed[..<mark]
            queryPart = trimmed[trimmed.index(after: mark)...]
        }
        if let hash = queryPart.firstIndex(of: "#") { queryPart = queryPart[..<hash] }
        if let hash = pathPart.firstIndex(of: "#") { pathPart = pathPart[..<hash] }
        path = (pathPart.hasPrefix("/") ? "" : "/") + PercentEncoding.minimal(String(pathPart))
        query = queryPart.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentEncoding.decodeQueryComponent(String(parts[0]))
            let value = parts.count > 1 ? PercentEncoding.decodeQueryComponent(String(parts[1])) : ""
            return HTTPRequest.QueryItem(name, value)
        }
    }

    /// `base` joined with the path (exactly one `/` between them).
    public func url(below base: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }
}
