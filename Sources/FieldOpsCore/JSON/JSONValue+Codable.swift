import Foundation

extension JSONValue {
    /// Encodes `value` with Foundation's `JSONEncoder` and reads the result back losslessly.
    ///
    /// A convenience for building request bodies from typed values; keys come out in the
    /// order `JSONEncoder` writes them (sorted here, so bodies are stable between runs).
    public init(encoding value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self = try JSONValue(parsing: try encoder.encode(value))
    }

    /// Decodes this document into a `Decodable` type through Foundation's `JSONDecoder`.
    ///
    /// Numbers pass through their original lexeme, so a `UInt64` field reads back exactly.
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: jsonData())
    }
}
