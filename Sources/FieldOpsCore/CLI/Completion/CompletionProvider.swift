/// One completion offered to a shell: the word to insert and an optional one-line description.
public struct CompletionCandidate: Sendable, Hashable {
    public var value: String
    public var description: String?

    public init(_ value: String, description: String? = nil) {
        self.value = value
        self.description = description
    }
}

/// Answers for `.dynamic` values (profile names, cached ids) from local data only, never the network.
///
/// `partial` holds what is already on the line (an earlier `--profile`, the command path,
/// earlier positional arguments), so a provider can read the right profile's cache.
/// Candidates not starting with `prefix` are dropped by the completer, so a provider may
/// return everything it has.
public protocol CompletionProvider: Sendable {
    func candidates(for source: CompletionSource, partial: Invocation, prefix: String) -> [CompletionCandidate]
}
