import FieldOpsCore
import Foundation
import Testing

/// The string edits that replace Foundation's in the program (which links no Foundation) must
/// answer as Foundation's did: the tests, which may use Foundation, hold them to it.
@Suite struct StringEditingTests {
    @Test(arguments: [
        "", " ", "\n", "\r\n", " \t\r\n ", "plain", " both\n", "\u{2028}line\u{2029}", "\u{85}next\u{85}",
        "\u{00A0}nbsp\u{3000}", "a\u{0301} \n", "\u{200B}zero\u{200B}", "\u{000B}vt\u{000C}", "in side\nstays",
    ])
    func trimmingWhitespaceAgreesWithFoundation(text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func everyScalarIsTrimmedAsFoundationTrimsIt() {
        let disagreements = bmpScalarsAtBothEnds {
            $0.trimmingWhitespace() != $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(disagreements.isEmpty, "U+\(disagreements.joined(separator: ", U+"))")
    }

    @Test func trailingWhitespaceOnlyLeavesTheStart() {
        #expect("  a b \t\n".trimmingTrailingWhitespace() == "  a b")
        #expect(" \u{3000}".trimmingTrailingWhitespace() == "")
    }

    @Test(arguments: [
        ("it's", "'", "'\\''"), ("a\r\nb\nc", "\n", " "), ("--x--", "-", ""), ("aaa", "aa", "b"), ("", "x", "y"),
        ("café au lait", "é", "e"), ("naïve", "", "x"), ("\"q\"", "\"", "\"\""), ("a.b.c", ".", "::"),
    ])
    func replacingEveryAgreesWithFoundation(text: String, target: String, replacement: String) {
        let expected = target.isEmpty ? text : text.replacingOccurrences(of: target, with: replacement)
        #expect(text.replacingEvery(target, with: replacement) == expected)
    }

    @Test(arguments: [0.0, 0.05, 0.25, 1.5, 2.675, 1023.95, -3.14159, 1e20, 123456.789])
    func fixedPointIsPrintfs(value: Double) {
        for places in 0...3 {
            #expect(value.fixedPoint(places: places) == String(format: "%.\(places)f", value))
        }
    }

    /// What `NSString`'s `deletingLastPathComponent` and `lastPathComponent` answer (the
    /// Foundation of this toolchain traps on `"a".deletingLastPathComponent`, so the answers are
    /// written out).
    @Test(arguments: [
        ("/a/b/c", "/a/b", "c"), ("/a/b/", "/a", "b"), ("/a", "/", "a"), ("/", "/", "/"), ("a", "", "a"),
        ("a/b", "a", "b"), ("", "", ""), ("a//b", "a", "b"), ("//", "/", "/"), ("/a//", "/", "a"),
    ])
    func pathParts(path: String, parent: String, last: String) {
        #expect(PathText.parent(of: path) == parent, "parent of \(path)")
        #expect(PathText.lastComponent(of: path) == last, "last component of \(path)")
    }
}
