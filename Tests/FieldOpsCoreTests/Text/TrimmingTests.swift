import FieldOpsCore
import Foundation
import Testing

/// `trimmingSpaces()` stands in for Foundation's `trimmingCharacters(in: .whitespaces)`: the two
/// must agree on every input, the Unicode space separators included.
@Suite struct TrimmingTests {
    @Test(arguments: [
        "", " ", "\t", "  \t ", "plain", " both ", "\tTabbed\t", "inner  spaces stay", " x",
        "x ", "\u{00A0}nbsp\u{00A0}", "\u{3000}ideographic\u{3000}", "\u{2009}thin", "line\n", "\nline",
        "\r\n", "é ", " ü", "\u{200B}zero-width\u{200B}", "a\u{0301} ", "\u{1680}ogham",
    ])
    func agreesWithFoundation(text: String) {
        #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    }

    /// Every scalar of the Basic Multilingual Plane (the space separators are all in it), at
    /// both ends.
    @Test func everyScalarIsTreatedAsFoundationTreatsIt() {
        let disagreements = bmpScalarsAtBothEnds { $0.trimmingSpaces() != $0.trimmingCharacters(in: .whitespaces) }
        #expect(disagreements.isEmpty, "U+\(disagreements.joined(separator: ", U+"))")
    }

    @Test func substringsTrimToTheirOwnText() {
        let line = "Accept:   text/csv  "
        let colon = line.firstIndex(of: ":")!
        #expect(line[..<colon].trimmingSpaces() == "Accept")
        #expect(line[line.index(after: colon)...].trimmingSpaces() == "text/csv")
    }
}

/// The scalars of the Basic Multilingual Plane (in hex) for which `differs` holds on the text
/// "<scalar>x<scalar>": where a trimming function of ours and Foundation's disagree.
func bmpScalarsAtBothEnds(where differs: (String) -> Bool) -> [String] {
    (0...0xFFFF).compactMap { value in
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return differs("\(Character(scalar))x\(Character(scalar))") ? String(value, radix: 16, uppercase: true) : nil
    }
}
