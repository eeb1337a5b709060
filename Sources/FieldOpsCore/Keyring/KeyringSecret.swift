/// The names of the secrets the core and the backends keep in a profile's keyring entry.
public enum KeyringSecret {
    public static let accessToken = "access_token"
    public static let refreshToken = "refresh_token"
    /// The cookie jar, as exported by `CookieJar.export()` (session cookies are credentials).
    public static let cookies = "cookies"
    /// Stored only when the person opts in (`auth login --remember-password`).
    public static let password = "password"
}
