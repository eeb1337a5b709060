import Testing

@testable import FieldOpsCore

/// `ByteBuffer`, the byte buffer listings write their records into: what is appended is what is
/// read back, through growth and copies (a copy is a value of its own).
@Suite struct ByteBufferTests {
    @Test func appendsGrowPastTheFirstCapacity() {
        var buffer = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        for round in 0..<500 {
            let piece = Array("piece \(round);".utf8)
            piece.withUnsafeBufferPointer { buffer.append(bytes: $0) }
            buffer.append(UInt8(truncatingIfNeeded: round))
            buffer.append("--")
            expected += piece + [UInt8(truncatingIfNeeded: round)] + Array("--".utf8)
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.array == expected)
        buffer.removeAll()
        #expect(buffer.isEmpty)
        buffer.append("again")
        #expect(buffer.array == Array("again".utf8))
    }

    @Test func aCopyIsAValueOfItsOwn() {
        var first = ByteBuffer(capacity: 64)
        first.append("shared")
        var second = first
        second.append(" second")
        first.append(" first")
        #expect(first.array == Array("shared first".utf8))
        #expect(second.array == Array("shared second".utf8))
        var third = first
        third.removeAll()
        third.append("third")
        #expect(first.array == Array("shared first".utf8))
        #expect(third.array == Array("third".utf8))
    }

    @Test(arguments: [0, 1, -1, 9, 10, -10, 99, 100, 12_345, -987_654_321, Int.max, Int.min, Int.max - 1, Int.min + 1])
    func decimalsAreWhatStringWrites(value: Int) {
        var buffer = ByteBuffer()
        buffer.append("[")
        buffer.append(decimal: value)
        buffer.append("]")
        #expect(buffer.array == Array("[\(value)]".utf8))
    }

    @Test func rangesOfAnotherBufferAreCopied() {
        var source = ByteBuffer()
        source.append("alpha,beta,gamma")
        var target = ByteBuffer(capacity: 16)
        for _ in 0..<100 { target.append(source, range: 6..<10) }
        #expect(target.array == Array(String(repeating: "beta", count: 100).utf8))
    }

    @Test func jsonStringsGoInAsIntoAnArray() {
        for text in ["plain", "quote \" and \\ back", "tab\there\nnewline", "Ålesund 世界 🚀", "\u{1}\u{1F}\u{7F}", ""] {
            var buffer = ByteBuffer(capacity: 16)
            var array: [UInt8] = []
            JSONWriter.appendString(text, to: &buffer)
            JSONWriter.appendString(text, to: &array)
            #expect(buffer.array == array, "\(text)")
        }
    }
}
