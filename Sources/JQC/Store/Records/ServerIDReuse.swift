import FoundationEssentials

/// The server handed out an id that this store already holds for a different record of this
/// device: the mark of a server that was reset (wiped, or restored from a backup older than
/// this device's work) and is giving out the same ids again. Nothing local is overwritten.
public struct ServerIDReuse: Error, Sendable, Equatable, CustomStringConvertible {
    public var kind: JQCStore.ItemKind
    public var serverID: Int
    /// The local record that holds the id: this device's work, sent earlier.
    public var heldBy: String
    /// The local record the server's answer was about (a submission); nil for a pulled record.
    public var answerFor: String?

    public init(kind: JQCStore.ItemKind, serverID: Int, heldBy: String, answerFor: String? = nil) {
        self.kind = kind
        self.serverID = serverID
        self.heldBy = heldBy
        self.answerFor = answerFor
    }

    /// The readable reason recorded on the item (never SQL).
    public var description: String {
        if answerFor != nil {
            return
                "the server gave it \(kind.label) id \(serverID), which this device already holds for the \(kind.label) \(heldBy) it sent earlier: "
                + Self.explanation
        }
        return "\(kind.label) #\(serverID) from the server is not the \(kind.label) \(heldBy) this device sent as #\(serverID), "
            + "so it was not stored over it: " + Self.explanation
    }

    static let explanation = "the server seems to have been reset and is reusing ids"

    /// What a person can do about a reset server, for the hint of `jqc sync`.
    public static let hint = """
        the server seems to have been reset: it now gives out ids this device holds for work it sent earlier, and nothing local was overwritten. \
        Ask the server's administrator whether that earlier work is gone; if it is, remove it here with `fieldops jqc prune --synced-before DATE` \
        and re-send the rest with `fieldops jqc retry --all-failed`
        """
}
