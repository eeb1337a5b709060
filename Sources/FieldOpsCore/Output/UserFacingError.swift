import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// An error a person can act on: what failed, on which thing, and what to do next.
///
/// Each area of the core (configuration, keyring, HTTP, store, command line) has its own error
/// type conforming to this protocol; the dispatcher prints `fieldops: <summary>` and, when
/// present, a `hint:` line, then exits with `exitCode`. Nothing else reaches the terminal:
/// no stack trace, no raw C error code alone.
public protocol UserFacingError: Error, Sendable {
    /// One line: what failed and on which thing (profile, file:line:column, id, URL path).
    var summary: String { get }
    /// Optional extra lines shown under the summary (a source line with a caret, a list of ids).
    var details: [String] { get }
    /// What to do next, shown as `hint: …`.
    var hint: String? { get }
    /// The documented exit code for this failure.
    var exitCode: ExitCode { get }
}

extension UserFacingError {
    public var details: [String] { [] }
    public var hint: String? { nil }
}

extension Error {
    /// The one line a person reads for any error: a fieldops error's summary, a file error of
    /// Foundation's in the system's words with its path, else the error as Swift describes it
    /// (for the places that fold an error into a sentence or a record).
    public var summaryText: String {
        if let error = self as? any UserFacingError { return error.summary }
        if let error = self as? CocoaError { return error.plainWords }
        if let error = self as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        return String(describing: self)
    }
}

extension CocoaError {
    /// "cannot write /path: No space left on device" instead of `CocoaError(code: …, userInfo: …)`.
    var plainWords: String {
        let reason: String
        if let posix = underlying as? POSIXError {
            reason = String(cString: strerror(posix.code.rawValue))
        } else {
            switch code {
            case .fileNoSuchFile, .fileReadNoSuchFile: reason = "no such file or directory"
            case .fileReadNoPermission, .fileWriteNoPermission: reason = "permission denied"
            case .fileWriteOutOfSpace: reason = "no space left on the disk"
            case .fileWriteVolumeReadOnly: reason = "the file system is read-only"
            case .fileWriteFileExists: reason = "a file of that name exists"
            default: reason = "error \(code.rawValue)"
            }
        }
        let verb = code.rawValue >= 512 && code.rawValue < 1024 ? "cannot write" : "cannot read"
        return filePath.map { "\(verb) \($0): \(reason)" } ?? "\(verb) a file: \(reason)"
    }
}

/// A general failure for cases that need no type of their own.
public struct FieldOpsError: UserFacingError, CustomStringConvertible {
    public var summary: String
    public var details: [String]
    public var hint: String?
    public var exitCode: ExitCode

    public init(_ summary: String, details: [String] = [], hint: String? = nil, exitCode: ExitCode = .failure) {
        self.summary = summary
        self.details = details
        self.hint = hint
        self.exitCode = exitCode
    }

    public var description: String { summary }

    public static func usage(_ summary: String, hint: String? = nil) -> FieldOpsError {
        FieldOpsError(summary, hint: hint, exitCode: .usage)
    }
}
