import CGlibcExtras
import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The ids and names of the last ONU and OLT listing, kept under the profile's cache directory
/// so shell completion can offer them instantly without the network.
///
/// One tab-separated `id<TAB>name` line per device in `onus.tsv` and `olts.tsv` (an ONU's line
/// also names its OLT's MAC when the listing knew it, for `onu find`); written
/// as the listing arrives into a temporary file that is renamed over the cache only when the
/// listing completed (`Writer`), so a completion running meanwhile never reads half, and a
/// listing that fails leaves the last good one.
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
    public func store<S: Sequence>(_ kind: Kind, entries: S) throws where S.Element == (id: String, name: String) {
        try store(kind, entries: entries.lazy.map { Entry(id: $0.id, name: $0.name, olt: nil) })
    }

    /// Replaces the cached list with entries that may name their OLT (ONUs).
    public func store<S: Sequence>(_ kind: Kind, entries: S) throws where S.Element == Entry {
        let writer = try Writer(cache: self, kind: kind)
        do {
            for entry in entries { try writer.append(id: entry.id, name: entry.name, olt: entry.olt) }
            try writer.commit()
        } catch {
            writer.discard()
            throw error
        }
    }

    /// A new list written as a listing arrives, page by page, and put in place only when it
    /// completed: the core `AtomicFile.Writer` (64 KB writes to a temporary file beside the cache,
    /// rename), so a reader sees the old list or the new one. `discard()` (a listing that
    /// failed) removes it and leaves the old list. Not synced to disk: a cache the next listing
    /// writes again is not worth the wait (about 5 ms at the end of a 100,000-ONU listing); a
    /// power cut costs at most the completions of the last listing.
    public final class Writer {
        private let cache: DeviceCache
        private let file: AtomicFile.Writer

        public init(cache: DeviceCache, kind: Kind) throws {
            self.cache = cache
            do {
                try AtomicFile.makeDirectories(cache.directory, mode: 0o700)
                file = try AtomicFile.Writer(replacing: cache.path(kind), mode: 0o600)
            } catch {
                throw cache.failure(error)
            }
        }

        public func append(id: String, name: String, olt: String? = nil) throws {
            // Straight into the writer's buffer: no string built per device of the fleet.
            do {
                try file.appendLine(DeviceCache.clean(id), UInt8(ascii: "\t"), DeviceCache.clean(name), olt.map(DeviceCache.clean))
            } catch {
                throw cache.failure(error)
            }
        }

        /// Puts the new list in place of the old.
        public func commit() throws {
            do {
                try file.commit(synced: false)
            } catch {
                throw cache.failure(error)
            }
        }

        /// Drops the new list (nothing happens after `commit()`).
        public func discard() { file.discard() }
    }

    fileprivate func failure(_ error: any Error) -> FieldOpsError {
        FieldOpsError(
            "cannot update the completion cache: \(error.summaryText)",
            hint: "check that \(directory) is writable; the listing itself is not affected")
    }

    /// The cached entries, or none when nothing was listed yet.
    public func load(_ kind: Kind) -> [(id: String, name: String)] {
        entries(kind).map { ($0.id, $0.name) }
    }

    /// The cached entries with the OLT each ONU was on (nil when the listing did not say).
    public func entries(_ kind: Kind) -> [Entry] {
        guard let data = FileManager.default.contents(atPath: path(kind)) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard let id = fields.first, !id.isEmpty else { return nil }
            return Entry(
                id: String(id), name: fields.count > 1 ? String(fields[1]) : "",
                olt: fields.count > 2 && !fields[2].isEmpty ? String(fields[2]) : nil)
        }
    }

    /// The entries whose line contains `needle`, found by a byte search of the file: only those
    /// lines are read (`onu find` by id or serial over caches of 100,000 ONUs).
    public func entries(_ kind: Kind, containing needle: String) -> [Entry] {
        guard !needle.isEmpty, let data = FileManager.default.contents(atPath: path(kind)) else { return [] }
        let pattern = Array(needle.utf8)
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [Entry] in
            guard let base = raw.baseAddress else { return [] }
            var found: [Entry] = []
            var offset = 0
            while offset < raw.count,
                let hit = memmem(base + offset, raw.count - offset, pattern, pattern.count)
            {
                let at = base.distance(to: UnsafeRawPointer(hit))
                var start = at
                while start > 0, raw[start - 1] != 0x0A { start -= 1 }
                var end = at + pattern.count
                while end < raw.count, raw[end] != 0x0A { end += 1 }
                let line = String(decoding: UnsafeRawBufferPointer(rebasing: raw[start..<end]), as: UTF8.self)
                let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
                if let id = fields.first, !id.isEmpty {
                    found.append(
                        Entry(
                            id: String(id), name: fields.count > 1 ? String(fields[1]) : "",
                            olt: fields.count > 2 && !fields[2].isEmpty ? String(fields[2]) : nil))
                }
                offset = end + 1
            }
            return found
        }
    }

    public struct Entry: Sendable, Equatable {
        public var id: String
        public var name: String
        public var olt: String?
    }

    /// When the list was last written, or nil when there is none.
    public func modified(_ kind: Kind) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path(kind)))?[.modificationDate] as? Date
    }

    /// Gives the cached device `id` its new `name` after a rename, so completion shows it at
    /// once; nothing to do before the first listing. Rewritten whole through the same
    /// temporary file and rename as a listing.
    public func rename(_ kind: Kind, id: String, to name: String) throws {
        guard FileManager.default.fileExists(atPath: path(kind)) else { return }
        var entries = self.entries(kind)
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries[index].name = name
        try store(kind, entries: entries)
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

    fileprivate static func clean(_ text: String) -> String {
        // Scanned as bytes: a tab or line break is one byte in UTF-8, and Characters are slow.
        let hasBreak =
            text.utf8.withContiguousStorageIfAvailable { bytes in bytes.contains { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }
            ?? text.utf8.contains { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard hasBreak else { return text }
        // "\r\n" is one Character, equal to neither "\r" nor "\n": it is listed on its own.
        return String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}
