/// RFC 3986 percent-encoding for URL parts built from raw values.
///
/// Encoding happens once, at URL build time, on raw input. Nothing here tries to detect
/// "already encoded" input: that guess is what turns `%3A` into `%253A` in other clients.
public enum PercentEncoding {
    /// Encodes one path segment: everything but RFC 3986 `pchar` is escaped, including `/`
    /// (a segment is one id) and `%`. `:` and `@` are legal in a segment and stay as they are.
    public static func pathSegment(_ raw: String) -> String {
        encode(raw) { pathAllowed.contains($0) }
    }

    /// Encodes a query name or value: `&`, `=`, `+` and `#` are escaped so that the value
    /// round-trips through any form decoder; a space becomes `%20`, never `+`.
    public static func queryComponent(_ raw: String) -> String {
        encode(raw) { queryAllowed.contains($0) }
    }

    /// Decodes a query name or value as a form decoder does: `%XX` is that byte, `+` a space;
    /// a `%` not followed by two hex digits stays as it is. Invalid UTF-8 is replaced.
    public static func decodeQueryComponent(_ encoded: String) -> String {
        let bytes = Array(encoded.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
                continue
            }
            out.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Escapes only the bytes that may never appear in a URL (space, controls, non-ASCII and
    /// `"<>\^`{|}`), keeping `%`, `/` and everything else as written: for a path a person typed.
    public static func minimal(_ text: String) -> String {
        encode(text) { (0x21...0x7E).contains($0) && !neverInURL.contains($0) }
    }

    private static let neverInURL = ASCIISet("\"<>\\^`{|}")

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static let unreserved = ASCIISet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    private static let pathAllowed = unreserved.union("!$&'()*+,;=:@")
    private static let queryAllowed = unreserved.union("!$'()*,;:@/?")
    private static let hex = Array("0123456789ABCDEF".utf8)

    private static func encode(_ raw: String, keeping allowed: (UInt8) -> Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.utf8.count)
        for byte in raw.utf8 {
            if allowed(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A set of ASCII bytes as two 64-bit masks: membership is a shift and a test. The URL
/// character classes were `Set<UInt8>`s, whose building (hashing ~80 bytes into three sets) was
/// 0.8M instructions of every request's start.
struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ members: String) {
        for byte in members.utf8 { insert(byte) }
    }

    private mutating func insert(_ byte: UInt8) {
        precondition(byte < 0x80, "ASCIISet holds ASCII only")
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }

    func union(_ members: String) -> ASCIISet {
        var set = self
        for byte in members.utf8 { set.insert(byte) }
        return set
    }

    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return high & (1 << UInt64(byte - 64)) != 0 }
        return false
    }
}
