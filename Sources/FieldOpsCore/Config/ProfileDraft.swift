/// A profile to be written by `fieldops profile add`, as the person typed it (values unparsed;
/// the editor validates them with the same decoder that loads configuration).
public struct ProfileDraft: Sendable, Equatable {
    public var name: String
    /// A backend name or alias; the written file uses the canonical name.
    public var backend: String
    public var baseURL: String
    public var username: String?
    /// `http:` keys (`version`, `ca_file`, `timeout`, `connect_timeout`, `retries`, `proxy`).
    public var http: [String: String]
    /// Backend-specific keys declared in the backend's `ProfileKey`s.
    public var settings: [String: String]

    public init(
        name: String, backend: String, baseURL: String, username: String? = nil,
        http: [String: String] = [:], settings: [String: String] = [:]
    ) {
        self.name = name
        self.backend = backend
        self.baseURL = baseURL
        self.username = username
        self.http = http
        self.settings = settings
    }
}
