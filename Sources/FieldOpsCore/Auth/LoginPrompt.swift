import FoundationEssentials

/// What `fieldops auth login` reads by default (`Backend.readCredentials`), never from argv: a
/// token from stdin with `--with-token`; otherwise a username (`--username`, the profile's, or
/// a prompt) and a password from the first line of stdin (`--password-stdin`) or a no-echo prompt.
public enum LoginPrompt {
    public static func read(_ context: CommandContext, profile: Profile) throws -> any LoginCredentials {
        let invocation = context.invocation
        if invocation.flag("with-token") {
            if invocation.flag("password-stdin") {
                throw FieldOpsError.usage("--with-token and --password-stdin both read stdin; pick one")
            }
            let token = String(decoding: context.stdin.readAll(), as: UTF8.self).trimmingWhitespace()
            guard !token.isEmpty else {
                throw FieldOpsError.usage(
                    "--with-token read no token from stdin", hint: "pipe it in: fieldops auth login --with-token < token.txt")
            }
            return TokenLogin(token: token)
        }
        var username = invocation.value("username") ?? profile.username
        if username == nil || username?.isEmpty == true {
            guard context.prompter.canAsk, !invocation.flag("password-stdin") else {
                throw FieldOpsError.usage(
                    "no username for profile \(profile.name)",
                    hint: "pass --username USER or set `username:` in the profile")
            }
            username = try context.prompter.line("Username for \(profile.name): ")?
                .trimmingSpaces()
        }
        guard let user = username, !user.isEmpty else { throw FieldOpsError.usage("no username given") }
        let password: String?
        if invocation.flag("password-stdin") {
            password = context.stdin.readLine().map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        } else if context.prompter.canAsk {
            password = try context.prompter.secret("Password for \(user) at \(profile.baseURL): ")
        } else {
            throw FieldOpsError.usage(
                "no password: stdin is not a terminal",
                hint: "pipe the password in with --password-stdin (passwords are never taken from the command line)")
        }
        guard let password, !password.isEmpty else { throw FieldOpsError.usage("no password given") }
        return PasswordLogin(username: user, password: password)
    }
}
