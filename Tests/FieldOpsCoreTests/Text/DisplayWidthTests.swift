import Testing

@testable import FieldOpsCore

/// Terminal columns by the C library's `wcwidth` under the UTF-8 character type.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("Sjøgata 5", 9), ("Ålesundsvegen", 13), ("“Kvartal”", 9), ("東京 ビル 3F", 12), ("한국", 4), ("ＡＢ", 4),
        ("e\u{301}", 1), ("Ǹoë café", 8), ("क्ष", 2), ("✅ ok", 5), ("👩‍🔧", 4), ("zero\u{200B}width", 9),
        ("tab\there", 8), (String(decoding: [0x53, 0xFF, 0xFE, 0x6A], as: UTF8.self), 4),
    ])
    func columnsAsATerminalDrawsThem(text: String, columns: Int) {
        #expect(text.displayWidth == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// The fallback for what the C library does not know agrees with it where both know.
    @Test func theFallbackAgreesWithTheCLibrary() {
        #expect(TextLocale.ensureUTF8())
        for value in [0x4E2D, 0xAC00, 0xFF21, 0x1F600, 0x0301, 0x200B, 0x00E5] {
            let scalar = Unicode.Scalar(UInt32(value))!
            #expect(DisplayWidth.fallback(UInt32(value)) == DisplayWidth.of(scalar), "U+\(String(value, radix: 16))")
        }
    }
}
