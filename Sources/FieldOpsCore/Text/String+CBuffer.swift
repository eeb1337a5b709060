extension String {
    /// The text a C function wrote into `buffer`, up to its first NUL (all of it when there
    /// is none); bytes that are not UTF-8 become U+FFFD instead of failing.
    public init(cBuffer buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
