/// Device ids to small values, for a join looked up once per row of a 100,000-ONU listing, at
/// random: a `Dictionary<String, _>` lookup there missed the caches two or three times (its
/// bitmap, its key, its value) and hashed with SipHash, about a tenth of the listing's time.
///
/// An id of up to 15 bytes of UTF-8 (an ONU serial such as `ALPH000e8788`; every id MCMS uses)
/// is its own key: its bytes packed into two words with its length, compared as two integers,
/// in the same slot as its value, so a lookup is one cache line. Open addressing, linear
/// probing, at most half full; the hash is keyed per table with random bits, so an appliance
/// cannot choose ids that collide. A longer id goes to an ordinary dictionary.
struct IDTable {
    /// Three words a slot: the id's first 8 bytes, its next 7 with its length + 1 in the top
    /// byte (0: an empty slot), and the value.
    private var slots: [UInt64]
    private let mask: Int
    private let seed: UInt64
    private var longer: [String: UInt32] = [:]

    /// Room for `count` ids without growing (it never grows).
    init(count: Int) {
        var size = 16
        while size < count * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size * 3)
        mask = size - 1
        seed = UInt64.random(in: .min ... .max)
    }

    /// `value` for `id` unless the table has one already (the first is kept).
    mutating func insertIfAbsent(_ id: String, _ value: UInt32) {
        guard let key = Self.key(id) else {
            if longer[id] == nil { longer[id] = value }
            return
        }
        var slot = index(key)
        while slots[slot * 3 + 1] != 0 {
            if slots[slot * 3] == key.0, slots[slot * 3 + 1] == key.1 { return }
            slot = (slot + 1) & mask
        }
        slots[slot * 3] = key.0
        slots[slot * 3 + 1] = key.1
        slots[slot * 3 + 2] = UInt64(value)
    }

    func value(for id: String) -> UInt32? {
        guard let key = Self.key(id) else { return longer[id] }
        return slots.withUnsafeBufferPointer { slots in
            var slot = index(key)
            while slots[slot * 3 + 1] != 0 {
                if slots[slot * 3] == key.0, slots[slot * 3 + 1] == key.1 { return UInt32(truncatingIfNeeded: slots[slot * 3 + 2]) }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    private func index(_ key: (UInt64, UInt64)) -> Int {
        var hash = (key.0 ^ seed) &* 0x9E37_79B9_7F4A_7C15
        hash ^= (key.1 &+ seed) &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= hash >> 29
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash) & mask
    }

    /// The two words of an id of at most 15 bytes; nil for a longer one.
    private static func key(_ id: String) -> (UInt64, UInt64)? {
        func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
            guard bytes.count <= 15 else { return nil }
            var first: UInt64 = 0
            var second = UInt64(bytes.count + 1) << 56
            for index in bytes.indices {
                if index < 8 {
                    first |= UInt64(bytes[index]) << (8 * index)
                } else {
                    second |= UInt64(bytes[index]) << (8 * (index - 8))
                }
            }
            return (first, second)
        }
        if let key = id.utf8.withContiguousStorageIfAvailable(pack) { return key }
        return Array(id.utf8).withUnsafeBufferPointer(pack)
    }
}
