/// Tolerant decoding for the few fields whose shape the service does not pin down.
extension KeyedDecodingContainer {
    /// An array documented as `items: {}`: keeps the strings and skips anything else, and treats a
    /// missing key or `null` as empty, so one odd element never hides a whole feed.
    func lossyStrings(forKey key: Key) -> [String] {
        guard let values = try? decodeIfPresent([ILJSONValue].self, forKey: key) else { return [] }
        return values.compactMap { value in
            if case .string(let text) = value { return text }
            return nil
        }
    }

    /// A string that may come as a number, or not at all.
    func lenientString(forKey key: Key) -> String? {
        guard let value = try? decodeIfPresent(ILJSONValue.self, forKey: key) else { return nil }
        switch value {
        case .string(let text): return text
        case .integer(let number): return String(number)
        default: return nil
        }
    }
}

/// `parentId` / `folderId` as the server writes them: `null` and `""` both mean "at the root".
enum ParentReference {
    /// The parent's id, or nil for the root.
    static func normalized(_ raw: String?) -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        return raw
    }
}
