import FoundationEssentials

/// The keyring read with the core's JSON parser rather than `JSONDecoder`. Every command that
/// talks to a service reads it, and Codable's first use in a process (its generic metadata and
/// protocol conformance lookups) cost about a hundred page faults and 3M instructions, a
/// millisecond of each such command's start. Writing still goes through `JSONEncoder`, which
/// only a login or a new cookie pays.
///
/// The rules are Codable's: a key that is missing or `null` is absent, a key of another type
/// than expected makes the whole file of an unexpected structure. Dates are ISO 8601, as
/// `KeyringFile.encoder()` writes them.
extension KeyringFile {
    /// Why bytes do not decode: not JSON at all, or JSON of another shape.
    enum DecodeFailure: Error {
        case notJSON
        case structure
    }

    static func decodeEnvelope(_ bytes: [UInt8]) throws(DecodeFailure) -> Envelope {
        let root = try rootObject(bytes)
        var envelope = Envelope()
        envelope.format = try optional(root["format"], \.stringValue)
        envelope.version = try optional(root["version"], integer)
        envelope.encryption = try optional(root["encryption"], \.stringValue)
        envelope.ciphertext = try optional(root["ciphertext"], \.stringValue)
        if let entries = try optional(root["entries"], \.objectValue) { envelope.entries = try decodeEntries(entries) }
        if let kdf = try optional(root["kdf"], \.objectValue) {
            envelope.kdf = KDF(
                algorithm: try required(kdf["algorithm"], \.stringValue), opslimit: try required(kdf["opslimit"], integer),
                memlimit: try required(kdf["memlimit"], integer), salt: try required(kdf["salt"], \.stringValue))
        }
        if let cipher = try optional(root["cipher"], \.objectValue) {
            envelope.cipher = Cipher(
                algorithm: try required(cipher["algorithm"], \.stringValue), nonce: try required(cipher["nonce"], \.stringValue))
        }
        return envelope
    }

    /// The entries object of a plain file, or the decrypted payload of an encrypted one.
    static func decodeEntries(_ bytes: [UInt8]) throws(DecodeFailure) -> [String: KeyringEntry] {
        try decodeEntries(rootObject(bytes))
    }

    private static func decodeEntries(_ object: JSONObject) throws(DecodeFailure) -> [String: KeyringEntry] {
        var entries: [String: KeyringEntry] = [:]
        entries.reserveCapacity(object.count)
        for member in object.members {
            guard let entry = member.value.objectValue else { throw .structure }
            entries[member.key] = KeyringEntry(
                secrets: try required(entry["secrets"], stringMap), identity: try optional(entry["identity"], stringMap),
                updatedAt: try required(entry["updatedAt"], date))
        }
        return entries
    }

    private static func rootObject(_ bytes: [UInt8]) throws(DecodeFailure) -> JSONObject {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw .notJSON
        }
        guard let object = value.objectValue else { throw .structure }
        return object
    }

    private static func optional<T>(_ value: JSONValue?, _ read: (JSONValue) -> T?) throws(DecodeFailure) -> T? {
        guard let value, value != .null else { return nil }
        guard let result = read(value) else { throw .structure }
        return result
    }

    private static func required<T>(_ value: JSONValue?, _ read: (JSONValue) -> T?) throws(DecodeFailure) -> T {
        guard let value, let result = read(value) else { throw .structure }
        return result
    }

    private static func integer(_ value: JSONValue) -> Int? {
        value.int64Value.flatMap { Int(exactly: $0) }
    }

    private static func stringMap(_ value: JSONValue) -> [String: String]? {
        guard let object = value.objectValue else { return nil }
        var map: [String: String] = [:]
        map.reserveCapacity(object.count)
        for member in object.members {
            guard let text = member.value.stringValue else { return nil }
            map[member.key] = text
        }
        return map
    }

    private static func date(_ value: JSONValue) -> Date? {
        // Only instants the writer can give back as they were (an offset can carry 9999-12-31
        // into year 10000 in UTC).
        guard let text = value.stringValue, let milliseconds = Timestamp.milliseconds(text),
            Timestamp.fourDigitYears.contains(milliseconds)
        else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
