import Testing

@testable import MCMS

/// `IDTable` answers as a dictionary that keeps each id's first value does, for every kind of
/// id: short and long (the 15-byte boundary), empty, non-ASCII, with NUL bytes, prefixes of
/// one another.
@Suite struct IDTableTests {
    static let ids: [String] = {
        var ids = [
            "", "A", "A\0", "A\0\0", "\0", "ALPH000e8788", "ALPH000e878", "ALPH000e87880", "exactly15bytes!", "sixteen bytes!!!",
            "Ålesund-ONU", "🚀🚀🚀🚀", "🚀🚀🚀🚀x",
        ]
        var generator = SystemRandomNumberGenerator()
        for index in 0..<5_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let alphabet = Array("ALPH0123456789abcdef\0é".unicodeScalars)
            ids.append(
                String(String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &generator)! })) + "\(index % 7)")
        }
        return ids
    }()

    @Test func answersAsADictionaryKeepingTheFirstValue() {
        var table = IDTable(count: Self.ids.count)
        var expected: [String: UInt32] = [:]
        for (index, id) in (Self.ids + Self.ids.reversed()).enumerated() {
            table.insertIfAbsent(id, UInt32(index))
            if expected[id] == nil { expected[id] = UInt32(index) }
        }
        for id in Self.ids { #expect(table.value(for: id) == expected[id], "\(Array(id.utf8))") }
        for absent in ["B", "ALPH000e8789", "A\0\0\0", "sixteen bytes!!?", String(repeating: "x", count: 40)] {
            #expect(table.value(for: absent) == nil, "\(absent)")
        }
    }

    @Test func aFullTableStillFindsEveryId() {
        // Exactly as many ids as it was made for: half its slots in use.
        let ids = (0..<1_000).map { "ONU\($0)" }
        var table = IDTable(count: ids.count)
        for (index, id) in ids.enumerated() { table.insertIfAbsent(id, UInt32(index)) }
        for (index, id) in ids.enumerated() { #expect(table.value(for: id) == UInt32(index)) }
        #expect(IDTable(count: 0).value(for: "ONU1") == nil)
    }
}
