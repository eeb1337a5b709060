import FoundationEssentials

/// The one JSON encoder and decoder of the InterlinedList backend.
///
/// Every body is camelCase, both ways: keys are the Swift property names, unchanged. The iOS app
/// kept a snake_case encoder beside a camelCase one and chose per endpoint; the server ignores the
/// keys it does not know, so a wrong choice silently drops `parentId` or `isPublic`. One coder
/// with no key strategy cannot make that mistake.
public enum ILJSON {
    /// Encodes a request body or a cache payload: camelCase keys, sorted so files and tests are stable.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// Encodes for people reading `--json` output: the same keys, indented.
    public static func encodePretty<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        return try encoder.encode(value)
    }

    /// Decodes a response or a cache payload.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}
