/// What an option or positional argument takes, which drives parsing, validation, help and completion.
public enum ValueKind: Sendable, Equatable {
    /// A free string.
    case string
    /// A whole number (validated while parsing).
    case integer
    /// A duration such as `30s`, `5m`, `1h`, `250ms` or a bare number of seconds.
    case duration
    /// A path to a file (shells complete file names).
    case file
    /// A path to a directory.
    case directory
    /// One of a fixed set of words (validated while parsing, completed by the shells).
    case choice([String])
    /// A value completed from local data through `fieldops __complete` (profile names, cached ids).
    case dynamic(CompletionSource)
}

/// A kind of value that `fieldops __complete` can list from local data only (never the network).
///
/// Backends add their own sources (`CompletionSource("onu")`) and answer for them through
/// the dynamic completion provider.
public struct CompletionSource: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let profile = CompletionSource("profile")
    public static let backend = CompletionSource("backend")
    /// A path for `fieldops api`, answered by the selected profile's backend.
    public static let apiPath = CompletionSource("api-path")
}
