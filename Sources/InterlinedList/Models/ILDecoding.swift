/// Tolerant decoding for the few fields whose shape the service does not pin down.
extension KeyedDecodingContainer {
    /// An array documented as `items: {}`: keeps the strings and skips anything else, and treats a
    /// missing key or `null` as empty, so one odd element never hides a whole feed.
    func lossyStrings(forKey key: Key) -> [String] {
        guard let values = try? decodeIfPresent([LossyString].self, forKey: key) else { return [] }
        return values.compactMap(\.text)
    }

    /// A string that may come as a number, or not at all.
    func lenientString(forKey key: Key) -> String? {
        if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
        if let number = try? decodeIfPresent(Int64.self, forKey: key) { return String(number) }
        return nil
    }
}

/// One element of a loosely typed array: its text when it is a string, nil for anything else.
private struct LossyString: Decodable {
    var text: String?
    init(from decoder: any Decoder) throws {
        text = try? decoder.singleValueContainer().decode(String.self)
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
