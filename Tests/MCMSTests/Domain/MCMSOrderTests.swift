import Testing

@testable import MCMS

/// Ids are ordered as MongoDB sorts strings: by UTF-8 bytes.
@Suite struct MCMSOrderTests {
    @Test func ordersByUTF8BytesAsTheGenericComparisonDoes() {
        let ids = [
            "", "a", "A", "ab", "abc", "abd", "ALPHe30cadcf", "ALPHe30cadcf0", "70:b3:d5:52:31:27", "70:b3:d5:52:31:28",
            "é", "e\u{301}", "z", "\u{1F600}", "a-very-long-identifier-that-is-not-a-small-string-01",
            "a-very-long-identifier-that-is-not-a-small-string-02", "a-very-long-identifier-that-is-not-a-small-string",
        ]
        for left in ids {
            for right in ids {
                #expect(
                    MCMSOrder.precedes(left, right) == left.utf8.lexicographicallyPrecedes(right.utf8), "\(left) < \(right)")
            }
        }
    }
}
