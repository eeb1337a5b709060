import FieldOpsCore
import Foundation

/// The ids and names of the last ONU and OLT listing, kept under the profile's cache directory
/// so shell completion can offer them instantly without the network.
///
/// One tab-separated `id<TAB>name` line per device in `onus.tsv` and `olts.tsv`; written
/// atomically (temp file and rename) so a completion running during a listing never reads half.
public struct DeviceCache: Sendable {
    public enum Kind: String, Sendable {
        case onu = "onus"
        case olt = "olts"
    }

    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    public func path(_ kind: Kind) -> String { directory + "/" + kind.rawValue + ".tsv" }

    /// Replaces the cached list; failures are ignored by callers because a cache is optional.
    public func store(_ kind: Kind, entries: [(id: String, name: String)]) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var text = ""
        text.reserveCapacity(entries.count * 40)
        for entry in entries {
            text += clean(entry.id) + "\t" + clean(entry.name) + "\n"
        }
        let temporary = path(kind) + ".tmp-\(getpid())"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path(kind)) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw FieldOpsError("cannot update the completion cache \(path(kind)): \(reason)")
        }
    }

    /// The cached entries, or none when nothing was listed yet.
    public func load(_ kind: Kind) -> [(id: String, name: String)] {
        guard let data = FileManager.default.contents(atPath: path(kind)) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard let id = fields.first, !id.isEmpty else { return nil }
            return (String(id), fields.count > 1 ? String(fields[1]) : "")
        }
    }

    /// Completion candidates: ids (described by their names), and with `includeNames` the
    /// names themselves, for options that accept either (`--olt`).
    public func candidates(_ kind: Kind, prefix: String, includeNames: Bool = false) -> [CompletionCandidate] {
        var out: [CompletionCandidate] = []
        let lowered = prefix.lowercased()
        for entry in load(kind) {
            if entry.id.lowercased().hasPrefix(lowered) {
                out.append(CompletionCandidate(entry.id, description: entry.name.isEmpty ? nil : entry.name))
            }
            if includeNames, !entry.name.isEmpty, entry.name.hasPrefix(prefix) {
                out.append(CompletionCandidate(entry.name, description: entry.id))
            }
        }
        return out
    }

    private func clean(_ text: String) -> String {
        guard text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return text }
        return String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
