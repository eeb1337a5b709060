/// The search both the JSON parser and writer make over long texts: the first byte a rule stops
/// at, eight bytes at a time, so a document of many lines costs a fraction of a byte-by-byte scan.
enum ByteScan {
    /// The first index at or after `start` of a byte `stops` accepts, or `bytes.count`.
    /// `mayStop` tests eight bytes read as one word and must never be false when one of them
    /// stops (a false true only costs the byte-by-byte check of that word).
    @inline(__always)
    static func firstStop(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, mayStop: (UInt64) -> Bool, stops: (UInt8) -> Bool
    ) -> Int {
        var cursor = start
        if let base = bytes.baseAddress {
            while cursor + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
                if mayStop(word) {
                    for offset in 0..<8 where stops(bytes[cursor + offset]) { return cursor + offset }
                }
                cursor += 8
            }
        }
        while cursor < bytes.count, !stops(bytes[cursor]) { cursor += 1 }
        return cursor
    }

    /// `firstStop` for a rule whose word test is exact at its lowest stop: `stopMask` sets the
    /// high bit of every byte that stops, and may set more only above the first that does (as
    /// a borrow carries upward). The first stop is then read off the mask's lowest set bit, with
    /// no byte-by-byte look at its word.
    @inline(__always)
    static func firstStop(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopMask: (UInt64) -> UInt64, stops: (UInt8) -> Bool
    ) -> Int {
        var cursor = start
        if let base = bytes.baseAddress {
            while cursor + 8 <= bytes.count {
                // Little-endian: the first byte in memory is the word's lowest.
                let mask = stopMask(UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)))
                if mask != 0 { return cursor + mask.trailingZeroBitCount / 8 }
                cursor += 8
            }
        }
        while cursor < bytes.count, !stops(bytes[cursor]) { cursor += 1 }
        return cursor
    }
}
