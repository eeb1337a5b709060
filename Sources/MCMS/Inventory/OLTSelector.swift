import FieldOpsCore

/// Resolves `--olt` (a MAC, or all or part of an OLT's name) against the OLTs the server knows.
///
/// People type names as they say them: "Kirkegata 2" for "OLT Kirkegata 2", in any case. A MAC
/// in any case or with dashes is that OLT; otherwise the OLT whose name is the word, else the one
/// whose name contains it, ignoring case. A word that names no OLT is "not found" (exit 1) with
/// the nearest name or MAC — printing nothing would read as "this OLT has no ONUs" — and a word
/// that several names contain is refused (exit 2) with those OLTs listed, never one picked.
public struct OLTSelector: Sendable {
    /// What was typed.
    public var word: String
    /// The profile, for the error's wording.
    public var profile: String
    /// The command line again with `--olt MAC` (the hint of an ambiguous name); nil for none.
    public var rerun: (@Sendable (String) -> String)?

    public init(_ word: String, profile: String, rerun: (@Sendable (String) -> String)? = nil) {
        self.word = word
        self.profile = profile
        self.rerun = rerun
    }

    /// The selector of a command's `--olt` value: the command's profile, and its own line again.
    init(_ word: String, context: CommandContext) throws {
        let invocation = context.invocation
        self.init(
            word, profile: try context.profile(backend: "mcms").name,
            rerun: { invocation.followUp(setting: "olt", to: $0) })
    }

    /// The MAC of the OLT the word names. `olts` maps MAC → name (the config list).
    public func resolve(olts: [String: String]) throws(FieldOpsError) -> String {
        let mac = DeviceID.olt(word).lowercased()
        if let known = olts.keys.first(where: { $0.lowercased() == mac }) { return known }
        let named = olts.map { (mac: $0.key, name: $0.value) }.sorted { ($0.name, $0.mac) < ($1.name, $1.mac) }
        switch NameMatch.select(word, among: named, name: \.name) {
        case .one(let olt):
            return olt.mac
        case .ambiguous(let candidates):
            let width = candidates.map(\.mac.count).max() ?? 0
            throw FieldOpsError(
                "\(word) matches \(candidates.count) OLTs on profile \(profile)",
                details: candidates.map { $0.mac.padding(toLength: width) + "  " + $0.name },
                hint: rerun.map { "name one by its MAC: \($0(candidates[0].mac))" } ?? "name one by its MAC",
                exitCode: .usage)
        case .none(let nameSuggestion):
            let suggestion =
                Suggestions.closest(to: word, in: olts.keys.sorted(), ignoringCase: true, tolerance: .phrase) ?? nameSuggestion
            throw FieldOpsError(
                ServiceWording.notListed("OLT with MAC or name \(word)", profile: profile),
                details: suggestion.map { ["did you mean '\($0)'?"] } ?? [],
                hint: "list the OLTs: fieldops -p \(ShellQuote.word(profile)) mcms olt list", exitCode: .failure)
        }
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
