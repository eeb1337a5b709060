import FieldOpsCore
import Foundation

/// The ids and names of the last ONU and OLT listing, kept under the profile's cache directory
/// so shell completion can offer them instantly without the network.
///
/// One tab-separated `id<TAB>name` line per device in `onus.tsv` and `olts.tsv`; written
/// atomically (temp file and rename) so a completion running during a listing never reads half,
/// and only after a listing completed, so a listing that fails leaves the last good one.
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
    ///
    /// The lines go to a temporary file beside the cache in 64 KB writes (a 100,000-ONU list is
    /// never one string), then the temporary file is renamed over the cache: a reader sees the
    /// old list or the new one, and a write that fails leaves the old one and no temporary file.
    public func store<S: Sequence>(_ kind: Kind, entries: S) throws where S.Element == (id: String, name: String) {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let temporary = path(kind) + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(temporary) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do {
            var buffer: [UInt8] = []
            buffer.reserveCapacity(Self.chunkBytes + 512)
            for entry in entries {
                buffer.append(contentsOf: clean(entry.id).utf8)
                buffer.append(UInt8(ascii: "\t"))
                buffer.append(contentsOf: clean(entry.name).utf8)
                buffer.append(UInt8(ascii: "\n"))
                if buffer.count >= Self.chunkBytes {
                    try write(buffer, to: descriptor, path: temporary)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try write(buffer, to: descriptor, path: temporary)
            closed = true
            guard close(descriptor) == 0 else { throw failure(temporary) }
            guard rename(temporary, path(kind)) == 0 else { throw failure(path(kind)) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    static let chunkBytes = 64 * 1024

    private func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            offset += written
        }
    }

    private func failure(_ path: String) -> FieldOpsError {
        FieldOpsError("cannot update the completion cache \(path): \(String(cString: strerror(errno)))",
                      hint: "check that \(directory) is writable; the listing itself is not affected")
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
        // Scanned as bytes: a tab or line break is one byte in UTF-8, and Characters are slow.
        guard text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        return String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
