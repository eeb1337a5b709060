import Testing

@testable import FieldOpsCore

/// The parser finds the end of a plain run eight bytes at a time, reading the first stop off the
/// word's mask; this holds it to the plain rule, one byte at a time.
@Suite struct JSONStringScanTests {
    /// Where the parser's scan stops in `bytes` from `start`.
    static func runEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            ByteScan.firstStop(in: buffer, from: start, stopMask: JSONParser.runEnds, stops: JSONParser.endsRun)
        }
    }

    /// The rule itself, byte by byte.
    static func reference(_ bytes: [UInt8], from start: Int) -> Int {
        bytes[start...].firstIndex(where: JSONParser.endsRun) ?? bytes.count
    }

    @Test func everyByteIsFoundOrPassedAtEveryOffset() {
        for byte in UInt8.min...UInt8.max {
            for length in 1...20 {
                for offset in 0..<length {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[offset] = byte
                    for start in [0, min(offset, 3)] {
                        #expect(
                            Self.runEnd(bytes, from: start) == Self.reference(bytes, from: start), "byte \(byte) at \(offset) of \(length)")
                    }
                }
            }
        }
    }

    @Test func aStopBelowAnotherIsTheOneFound() {
        // A byte below 0x20 or a zero byte after XOR borrows from the byte above it: the stop
        // found must be the lower one, whatever sits above.
        let stops: [UInt8] = [0x00, 0x1F, 0x22, 0x5C, 0x80, 0xFF, 0x0A]
        let others: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x01, 0x22, 0xC3]
        for low in stops {
            for high in others {
                for gap in 0..<7 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "b"), count: 16)
                    bytes[2] = low
                    bytes[3 + gap] = high
                    #expect(Self.runEnd(bytes, from: 0) == 2, "\(low) then \(high)")
                }
            }
        }
    }
}
