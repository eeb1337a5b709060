#if canImport(Glibc)
    import Glibc
#endif

extension Double {
    /// The number with `places` digits after the point, rounded as printf's `%.Nf` rounds
    /// ("1.5 MiB", "0.25s"): no grouping, no locale, "nan" and "inf" as C writes them.
    public func fixedPoint(places: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let written = withVaList([self]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.\(max(0, min(places, 17)))f", arguments)
        }
        if written >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(written) + 1)
            _ = withVaList([self]) { vsnprintf(&buffer, buffer.count, "%.\(max(0, min(places, 17)))f", $0) }
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
