import FieldOpsCore

/// A provider answering from fixed in-memory "caches", keyed by profile like the real one.
struct FixtureCompletionProvider: CompletionProvider {
    static let profiles = [
        CompletionCandidate("site-a", description: "jqc https://qc.example.com"),
        CompletionCandidate("site-b", description: "jqc https://qc-b.example.com"),
        CompletionCandidate("lab-pon", description: "mcms https://mcms.lab.example.net/api"),
    ]

    func candidates(for source: CompletionSource, partial: Invocation, prefix: String) -> [CompletionCandidate] {
        switch source {
        case .profile:
            return Self.profiles
        case "olt":
            // Only the lab profile has an OLT cache: proves the provider sees the typed --profile.
            guard partial.value("profile") == "lab-pon" else { return [] }
            return [
                CompletionCandidate("00:11:22:33:44:55", description: "OLT rack 1"),
                CompletionCandidate("00:11:22:33:44:66", description: "OLT rack 2"),
            ]
        case "onu":
            return [CompletionCandidate("onu-1001", description: "registered"), CompletionCandidate("onu-1002", description: "dying-gasp")]
        case "template":
            return [CompletionCandidate("12", description: "Restroom daily"), CompletionCandidate("13", description: "Lobby weekly")]
        case "facility":
            // Values with spaces, as a completion by name gives them.
            return [CompletionCandidate("North depot", description: "7"), CompletionCandidate("North dock", description: "8")]
        case "draft":
            return [CompletionCandidate("d-1"), CompletionCandidate("d-2")]
        default:
            return []
        }
    }
}
