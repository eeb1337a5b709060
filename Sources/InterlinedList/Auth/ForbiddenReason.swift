/// Why the service answered 403, read from its `{"error": …}` message.
///
/// 403 never means logged out: it is an unverified email (posting), a subscriber-only feature
/// (list folders) or a plain permission refusal, and each needs a different next step.
public enum ForbiddenReason: Sendable, Equatable {
    case emailNotVerified
    case subscriberFeature
    case forbidden

    public init(serverMessage: String?) {
        let text = (serverMessage ?? "").lowercased()
        if text.contains("verif") {
            self = .emailNotVerified
        } else if text.contains("subscri") {
            self = .subscriberFeature
        } else {
            self = .forbidden
        }
    }

    /// Short label used in the error summary.
    public var label: String {
        switch self {
        case .emailNotVerified: return "email not verified"
        case .subscriberFeature: return "subscriber feature"
        case .forbidden: return "forbidden"
        }
    }

    /// What the person can do about it.
    public var hint: String {
        switch self {
        case .emailNotVerified:
            return "verify your email address (see the message the service sent you), then try again"
        case .subscriberFeature:
            return "this needs an InterlinedList subscription on this account"
        case .forbidden:
            return "this account may not do that; check the id, or ask the owner for access"
        }
    }
}
