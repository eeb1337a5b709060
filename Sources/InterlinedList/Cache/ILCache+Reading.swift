import Foundation

/// Reading the cache: every file is checked (header, length, checksum) before it is trusted.
extension ILCache {
    /// What a lookup found.
    public enum Lookup<Value: Sendable>: Sendable {
        case miss
        case hit(Value, savedAt: Int64)
        /// The file was damaged and has been deleted; the text says which file and why.
        case discarded(warning: String)
    }

    /// Reads the payload saved under `name`, checking header, length and checksum; a damaged
    /// file is deleted.
    public func load(_ name: String) -> Lookup<Data> {
        read(name, deleteDamaged: true)
    }

    /// Reads like `load` but leaves a damaged file alone: for shell completion, which must
    /// neither print nor change anything.
    public func peek(_ name: String) -> Lookup<Data> {
        read(name, deleteDamaged: false)
    }

    private func read(_ name: String, deleteDamaged: Bool) -> Lookup<Data> {
        let file = path(of: name)
        guard let bytes = FileManager.default.contents(atPath: file) else { return .miss }
        let damaged: (String) -> Lookup<Data> = { reason in
            deleteDamaged ? discard(file, reason) : .discarded(warning: reason)
        }
        guard let newline = bytes.firstIndex(of: 0x0A) else { return damaged("no header line") }
        let fields = String(decoding: bytes[bytes.startIndex..<newline], as: UTF8.self).split(separator: " ")
        guard fields.count == 5, fields[0] == Self.magic else { return damaged("not a fieldops cache file") }
        guard Int(fields[1]) == Self.version else { return damaged("cache format version \(fields[1])") }
        guard let savedAt = Int64(fields[2]), let length = Int(fields[3]) else { return damaged("unreadable header") }
        let payload = bytes[(newline + 1)...]
        guard payload.count == length else {
            return damaged("expected \(length) bytes of data, found \(payload.count)")
        }
        let data = Data(payload)
        guard Self.checksum(data) == fields[4] else { return damaged("checksum mismatch") }
        return .hit(data, savedAt: savedAt)
    }

    /// The names of the cached files starting with `prefix` (for completion of document ids).
    public func names(prefix: String) -> [String] {
        let safePrefix = Self.fileSafe(prefix)
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return files.filter { $0.hasPrefix(safePrefix) && $0.hasSuffix(".cache") }
            .map { String($0.dropLast(".cache".count)).removingPercentEncoding ?? String($0.dropLast(".cache".count)) }
            .sorted()
    }

    /// Reads and decodes the value saved under `name`; a payload that no longer decodes is discarded too.
    public func load<T: Decodable & Sendable>(_ type: T.Type, _ name: String) -> Lookup<T> {
        switch load(name) {
        case .miss: return .miss
        case .discarded(let warning): return .discarded(warning: warning)
        case .hit(let data, let savedAt):
            do {
                return .hit(try ILJSON.decode(type, from: data), savedAt: savedAt)
            } catch {
                return discard(path(of: name), "its data does not decode")
            }
        }
    }

    /// Deletes one file whose payload the caller could not use, and says so.
    public func discard(_ name: String, reason: String) -> String {
        switch discard(path(of: name), reason) as Lookup<Data> {
        case .discarded(let warning): return warning
        default: return reason
        }
    }

    /// Deletes a damaged file and says which and why.
    func discard<T: Sendable>(_ file: String, _ reason: String) -> Lookup<T> {
        try? FileManager.default.removeItem(atPath: file)
        return .discarded(warning: "discarded a damaged cache file \(file) (\(reason)); it will be fetched again")
    }
}
