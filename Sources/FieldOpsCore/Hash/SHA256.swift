internal import CSodium
import Foundation

/// SHA-256 from libsodium: the content hash InterlinedList stores beside every document
/// (`contentHash`, lowercase hex), and the identity of a file's content for sync.
public enum SHA256 {
    public static func digest(_ data: Data) -> [UInt8] {
        _ = sodiumIsReady
        var out = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        data.withUnsafeBytes { raw in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            _ = crypto_hash_sha256(&out, base, UInt64(raw.count))
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
