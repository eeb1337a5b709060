import FieldOpsCore

/// Resolves `--olt` (a MAC or an OLT's name) against the OLTs the server knows.
///
/// A word that names no OLT is a usage error (exit 2) with the nearest MAC or name, as an
/// unknown `--state` is: printing nothing would read as "this OLT has no ONUs".
public enum OLTSelector {
    /// The MAC of the OLT `word` names. `olts` maps MAC → name (the config list).
    public static func resolve(_ word: String, olts: [String: String]) throws(FieldOpsError) -> String {
        let lowered = word.lowercased()
        if let mac = olts.keys.first(where: { $0.lowercased() == lowered }) { return mac }
        let byName = olts.filter { $0.value == word }.keys.sorted()
        if let mac = byName.first {
            guard byName.count == 1 else {
                throw FieldOpsError.usage(
                    "\(byName.count) OLTs are named \(word)", hint: "choose one by MAC: " + byName.joined(separator: ", "))
            }
            return mac
        }
        let candidates = olts.keys.sorted() + olts.values.filter { !$0.isEmpty }.sorted()
        let suggestion = Suggestions.closest(to: word, in: candidates, ignoringCase: true, tolerance: .phrase)
        throw FieldOpsError(
            "no OLT with MAC or name \(word)", details: suggestion.map { ["did you mean '\($0)'?"] } ?? [],
            hint: "list the OLTs with fieldops mcms olt list", exitCode: .usage)
    }
}
