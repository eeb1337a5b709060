/// RFC 3986 percent-encoding for URL parts built from raw values.
///
/// Encoding happens once, at URL build time, on raw input. Nothing here tries to detect
/// "already encoded" input: that guess is what turns `%3A` into `%253A` in other clients.
public enum PercentEncoding {
    /// Encodes one path segment: everything but RFC 3986 `pchar` is escaped, including `/`
    /// (a segment is one id) and `%`. `:` and `@` are legal in a segment and stay as they are.
    public static func pathSegment(_ raw: String) -> String {
        encode(raw, keeping: pathAllowed)
    }

    /// Encodes a query name or value: `&`, `=`, `+` and `#` are escaped so that the value
    /// round-trips through any form decoder; a space becomes `%20`, never `+`.
    public static func queryComponent(_ raw: String) -> String {
        encode(raw, keeping: queryAllowed)
    }

    private static let unreserved: Set<UInt8> = Set(
        Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
            + Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + Array("-._~".utf8)
    )
    private static let pathAllowed = unreserved.union("!$&'()*+,;=:@".utf8)
    private static let queryAllowed = unreserved.union("!$'()*,;:@/?".utf8)
    private static let hex = Array("0123456789ABCDEF".utf8)

    private static func encode(_ raw: String, keeping allowed: Set<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.utf8.count)
        for byte in raw.utf8 {
            if allowed.contains(byte) {
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
