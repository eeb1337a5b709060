/// Everything a command reaches the outside world through: its parsed invocation, and (as the
/// runtime grows) the profile, keyring, HTTP session, stores and output streams.
///
/// Tests build one with captured streams and run any command against an emulator.
public final class CommandContext: Sendable {
    public let invocation: Invocation

    public init(invocation: Invocation) {
        self.invocation = invocation
    }
}
