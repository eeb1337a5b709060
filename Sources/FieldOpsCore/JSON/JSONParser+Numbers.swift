extension JSONParser {
    mutating func parseNumber() throws(Failure) -> JSONNumber {
        let start = position
        position = try JSONParser.scanNumber(input, from: start)
        return JSONNumber(validatedLexeme: String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self))
    }

    /// The index just past the number at `start`; throws where RFC 8259's grammar breaks.
    static func scanNumber(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(Failure) -> Int {
        var index = start
        let count = bytes.count
        func isDigit(_ at: Int) -> Bool {
            at < count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9")
        }
        if index < count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { throw Failure(offset: index, reason: "expected a digit in the number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw Failure(offset: start, reason: "leading zeros are not allowed in numbers") }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw Failure(offset: index, reason: "expected a digit after the decimal point") }
            while isDigit(index) { index += 1 }
        }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { throw Failure(offset: index, reason: "expected a digit in the exponent") }
            while isDigit(index) { index += 1 }
        }
        return index
    }
}
