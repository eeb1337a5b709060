internal import CCrypto
internal import CSodium
import FoundationEssentials

/// SHA-256: the content hash InterlinedList stores beside every document (`contentHash`,
/// lowercase hex), and the identity of a file's content for sync.
///
/// OpenSSL's (libcrypto, loaded on the first hash: it uses the CPU's SHA extensions, four times
/// libsodium's speed here, which a first sync hashing 20 MB of files notices), else libsodium's.
public enum SHA256 {
    /// Which implementation hashes: OpenSSL's when the process can load it.
    enum Implementation {
        case openSSL
        case sodium

        static let preferred: Implementation = fieldops_openssl_sha256() != nil ? .openSSL : .sodium
    }

    public static func digest(_ data: Data) -> [UInt8] {
        digest(data, using: .preferred)
    }

    static func digest(_ data: Data, using implementation: Implementation) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            switch implementation {
            case .openSSL:
                guard let sha256 = fieldops_openssl_sha256() else { preconditionFailure("libcrypto is not loaded") }
                // An empty input still gets a pointer: nothing is read through it.
                var empty: UInt8 = 0
                if let base = bytes.baseAddress {
                    _ = sha256(base, bytes.count, &out)
                } else {
                    _ = sha256(&empty, 0, &out)
                }
            case .sodium:
                if let problem = fieldops_sodium_error() {
                    // The .deb depends on both libssl3 and libsodium23; a machine with neither
                    // cannot hash, and says which libraries to install.
                    fatalError(
                        "SHA-256 needs OpenSSL's libcrypto or libsodium, and neither could be loaded (libsodium: \(String(cString: problem))); install libssl3 or libsodium23"
                    )
                }
                _ = fieldops_crypto_hash_sha256(&out, bytes.baseAddress, UInt64(bytes.count))
            }
        }
        return out
    }

    /// Lowercase hex, as the server writes `contentHash`.
    public static func hex(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for byte in digest(data) {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func hex(_ text: String) -> String { hex(Data(text.utf8)) }
}
