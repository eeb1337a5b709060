import Foundation
import Testing

@testable import FieldOpsCore

/// SHA-256 by OpenSSL's libcrypto (where the process loads it) and by libsodium: the published
/// test vectors, and the two implementations giving the same digest of every length around the
/// 64-byte block and of a large input.
@Suite struct SHA256Tests {
    @Test func theProcessHashesWithOpenSSL() {
        // libcrypto comes with the libcurl fieldops needs: a machine that runs the tests has it.
        #expect(SHA256.Implementation.preferred == .openSSL)
    }

    @Test(arguments: [SHA256.Implementation.openSSL, .sodium])
    func publishedVectors(implementation: SHA256.Implementation) {
        func hex(_ text: String) -> String {
            SHA256.digest(Data(text.utf8), using: implementation).map { String(format: "%02x", $0) }.joined()
        }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex(String(repeating: "a", count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func bothGiveTheSameDigestOfEveryLength() {
        var state: UInt64 = 0x5EED
        var bytes: [UInt8] = []
        for length in 0...300 {
            while bytes.count < length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            let data = Data(bytes[0..<length])
            #expect(SHA256.digest(data, using: .openSSL) == SHA256.digest(data, using: .sodium), "length \(length)")
        }
        let large = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        #expect(SHA256.digest(large, using: .openSSL) == SHA256.digest(large, using: .sodium))
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
