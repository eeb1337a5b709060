import FoundationEssentials

/// The on-disk format of the keyring: a JSON object with a `format`/`version` header.
///
/// Plain: `{"format":"fieldops-keyring","version":1,"encryption":"none","entries":{…}}`.
/// Encrypted: the same header with `"encryption":"passphrase"`, a `kdf` block (algorithm,
/// opslimit, memlimit, salt), a `cipher` block (algorithm, nonce) and `ciphertext`, which seals
/// the JSON of the entries with the header as associated data.
struct KeyringFile {
    static let formatTag = "fieldops-keyring"
    static let currentVersion = 1

    struct KDF: Encodable, Equatable {
        var algorithm: String
        var opslimit: Int
        var memlimit: Int
        var salt: String
    }

    struct Cipher: Encodable, Equatable {
        var algorithm: String
        var nonce: String
    }

    /// The top-level JSON object. Every field is optional so that a foreign JSON file decodes and
    /// can be named as foreign rather than as merely damaged.
    struct Envelope: Encodable {
        var format: String?
        var version: Int?
        var encryption: String?
        var entries: [String: KeyringEntry]?
        var kdf: KDF?
        var cipher: Cipher?
        var ciphertext: String?
    }

    /// The bytes authenticated along with the ciphertext: every header field, in a fixed layout.
    static func associatedData(version: Int, kdf: KDF, cipher: Cipher) -> [UInt8] {
        let text =
            "\(formatTag)\nversion=\(version)\nencryption=passphrase\n"
            + "kdf=\(kdf.algorithm);opslimit=\(kdf.opslimit);memlimit=\(kdf.memlimit);salt=\(kdf.salt)\n"
            + "cipher=\(cipher.algorithm);nonce=\(cipher.nonce)\n"
        return Array(text.utf8)
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Written by the rules `KeyringFile+Decoding` reads them with (the core's proleptic
        // Gregorian timestamps, milliseconds kept): Foundation's `.iso8601` switches to the Julian
        // calendar before 1582 and drops fractions, so a file read and written back changed.
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.isoUTCKeepingMilliseconds(Int64((date.timeIntervalSince1970 * 1_000).rounded())))
        }
        return encoder
    }

    /// Checks the header of `bytes` read from `path`; everything but decryption.
    static func envelope(_ bytes: [UInt8], path: String) throws -> Envelope {
        if bytes.isEmpty { throw KeyringError.corrupt(path, "the file is empty") }
        let envelope: Envelope
        do throws(DecodeFailure) {
            envelope = try decodeEnvelope(bytes)
        } catch .notJSON {
            // Either not JSON at all, or cut off part-way through.
            let looksLikeJSON = bytes.first == UInt8(ascii: "{")
            throw looksLikeJSON
                ? KeyringError.corrupt(path, "the JSON is truncated or malformed")
                : KeyringError(
                    .foreign, path: path, "\(path) is not a fieldops keyring (not JSON); it was not changed",
                    hint: "point keyring.path at another file, or move this one aside if it is not needed")
        } catch {
            throw KeyringError.corrupt(path, "unexpected structure")
        }
        guard envelope.format == formatTag else {
            throw KeyringError(
                .foreign, path: path,
                "\(path) is not a fieldops keyring (format tag \(envelope.format.map { "'\($0)'" } ?? "missing")); it was not changed",
                hint: "point keyring.path at another file, or move this one aside if it is not needed")
        }
        guard let version = envelope.version, version >= 1 else { throw KeyringError.corrupt(path, "missing format version") }
        guard version <= currentVersion else {
            throw KeyringError(
                .unsupportedVersion, path: path,
                "keyring \(path) uses format version \(version), newer than this fieldops understands (\(currentVersion)); it was not changed",
                hint: "upgrade fieldops")
        }
        switch envelope.encryption {
        case "none":
            guard envelope.entries != nil else { throw KeyringError.corrupt(path, "no entries") }
        case "passphrase":
            try KeyringCipher.requireLibrary(keyring: path)
            guard let kdf = envelope.kdf, let cipher = envelope.cipher, envelope.ciphertext != nil,
                kdf.algorithm == KeyringCipher.kdfAlgorithm, cipher.algorithm == KeyringCipher.cipherAlgorithm,
                KeyringCipher.acceptsLimits(opsLimit: kdf.opslimit, memLimit: kdf.memlimit)
            else { throw KeyringError.corrupt(path, "incomplete or unsupported encryption header") }
        default:
            throw KeyringError.corrupt(path, "unknown encryption '\(envelope.encryption ?? "")'")
        }
        return envelope
    }
}
