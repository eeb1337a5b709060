/// Where a local record stands with the server.
///
/// `failed` is reached after `maxAttempts` failed submissions; such a record is not retried
/// automatically until a person re-queues it.
public enum SyncStatus: String, Sendable, Hashable, CaseIterable, Codable {
    case pending
    case synced
    case failed

    /// Failures after which a record becomes `failed` (contract, "Sync rules").
    public static let maxAttempts = 5
}
