internal import CSodium

/// Whether libsodium is loaded and initialised: it is loaded with dlopen() on first use
/// (Sources/CSodium/shim.h), so only commands that encrypt or unlock a keyring pay for it.
var sodiumIsReady: Bool { fieldops_sodium_error() == nil }

/// A symmetric key in libsodium's guarded memory (locked, zeroed and freed in `deinit`).
///
/// `@unchecked Sendable`: the bytes are written once in `init` and only read afterwards, and the
/// pointer is freed only in `deinit`, when no other reference can exist.
final class SecretKey: @unchecked Sendable {
    let count: Int
    private let bytes: UnsafeMutableRawPointer

    /// Allocates `count` guarded bytes and lets `fill` write them; nil when allocation fails.
    init?(count: Int, fill: (UnsafeMutablePointer<UInt8>) -> Bool) {
        guard sodiumIsReady, let bytes = fieldops_sodium_malloc(count) else { return nil }
        let typed = bytes.bindMemory(to: UInt8.self, capacity: count)
        guard fill(typed) else {
            fieldops_sodium_free(bytes)
            return nil
        }
        self.count = count
        self.bytes = bytes
    }

    deinit {
        fieldops_sodium_free(bytes)
    }

    func withBytes<R>(_ body: (UnsafePointer<UInt8>) throws -> R) rethrows -> R {
        try body(bytes.assumingMemoryBound(to: UInt8.self))
    }
}
