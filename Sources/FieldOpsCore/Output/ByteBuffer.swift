#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where JSON text is appended: an array of bytes, or a `ByteBuffer`.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
    /// Room for `more` bytes, made at once before a run of appends.
    mutating func reserve(more: Int)
}

extension Array: ByteSink where Element == UInt8 {
    @inline(__always)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }

    @inline(__always)
    mutating func reserve(more: Int) { reserveCapacity(count + more) }
}

/// Bytes appended many times a row (a listing's records: a key, a value, a comma): each append
/// is a capacity check and a copy, where an array's `append(contentsOf:)` goes through the
/// generic sequence machinery (about 70 instructions an append).
///
/// A value with copy-on-write storage, like an array: the bytes live in memory an `Owner`
/// frees; where they start, how many there are and the capacity are the value's own fields
/// (a class's fields would be checked for exclusive access at every append).
struct ByteBuffer: ByteSink {
    private final class Owner {
        let start: UnsafeMutablePointer<UInt8>

        init(capacity: Int) {
            start = .allocate(capacity: capacity)
        }

        deinit { start.deallocate() }
    }

    private var owner: Owner
    private var start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        owner = Owner(capacity: self.capacity)
        start = owner.start
    }

    var isEmpty: Bool { count == 0 }

    /// The bytes appended so far, valid for the call.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(owner) { try body(UnsafeBufferPointer(start: start, count: count)) }
    }

    /// The bytes as an array.
    var array: [UInt8] { withBytes { Array($0) } }

    /// Room for `more` bytes after the last, in storage of this value's own.
    @inline(__always)
    mutating func reserve(more: Int) {
        if count + more > capacity || !isKnownUniquelyReferenced(&owner) { move(room: more) }
    }

    /// Into new storage with room for `more` bytes, doubling.
    private mutating func move(room more: Int) {
        var grown = capacity
        while grown < count + more { grown *= 2 }
        let moved = Owner(capacity: grown)
        moved.start.update(from: start, count: count)
        owner = moved
        start = moved.start
        capacity = grown
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(more: 1)
        start[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(more: bytes.count)
        (start + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// `range` of `other`'s bytes.
    @inline(__always)
    mutating func append(_ other: ByteBuffer, range: Range<Int>) {
        other.withBytes { append(bytes: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The decimal digits of `value`, as `String(value)` writes them.
    mutating func append(decimal value: Int) {
        // 20 digits and a sign at most.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            var magnitude = value.magnitude
            var position = digits.count
            repeat {
                position -= 1
                digits[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                position -= 1
                digits[position] = UInt8(ascii: "-")
            }
            append(bytes: UnsafeBufferPointer(rebasing: digits[position...]))
        }
    }

    /// Empty again, keeping the storage (when it is this value's own).
    mutating func removeAll() {
        if !isKnownUniquelyReferenced(&owner) {
            owner = Owner(capacity: capacity)
            start = owner.start
        }
        count = 0
    }
}
