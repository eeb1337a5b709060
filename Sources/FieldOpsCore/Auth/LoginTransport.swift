/// Whether a login may send a password (or a token given by hand) to a profile's server.
///
/// Plain `http://` to a host that is not loopback puts the password on the network for anyone
/// on it to read; `auth login` refuses it unless the profile says `allow_insecure_http: true`
/// (a lab network someone trusts), and then says what it is doing. Loopback (an emulator, an
/// SSH tunnel's local end) never crosses a network and needs nothing.
public enum LoginTransport {
    public static func allowsInsecureHTTP(_ profile: Profile) -> Bool {
        profile.bool(ProfileKey.allowInsecureHTTP) == true
    }

    /// Throws when the login must not go ahead; warns when it goes ahead over plain http.
    public static func check(_ profile: Profile, output: Output) throws {
        guard let url = URLParts(profile.baseURL), url.scheme == "http", !url.isLoopback else { return }
        guard allowsInsecureHTTP(profile) else {
            throw FieldOpsError.usage(
                "not logging in to profile \(profile.name): its base_url is plain http:// to \(url.host), which is not this machine, so the password would cross the network readable",
                hint:
                    "use the server's https:// address in base_url (\(profile.origin)); on a network you trust, `\(ProfileKey.allowInsecureHTTP): true` in the profile allows it"
            )
        }
        output.warn(
            "sending the credentials of profile \(profile.name) over plain http to \(url.host) (\(ProfileKey.allowInsecureHTTP) is set): anyone on the network can read them"
        )
    }
}
