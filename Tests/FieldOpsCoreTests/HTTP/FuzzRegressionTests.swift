import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Inputs the fuzz targets (Tests/Fuzz) crashed on, kept as tests so the fixes hold without
/// a fuzzing build. Each input is also in the target's seed corpus.
@Suite struct FuzzRegressionTests {
    // MARK: FuzzTimestamps

    /// Corpus/FuzzTimestamps/crash-tls-expiry-huge-hour.txt: the clock fields were multiplied
    /// unchecked (`clock[0] * 3600`), so a 17-digit hour trapped on overflow.
    @Test func certificateExpiryWithAnOutOfRangeClockIsUnreadableNotATrap() {
        for text in [
            "Mar  4 99999999999999999:30:00 2027 GMT", "2027-03-04 09:9223372036854775807:00 GMT",
            "Mar  4 24:00:00 2027 GMT", "Mar  4 09:60:00 2027 GMT", "Mar  4 -1:30:00 2027 GMT",
        ] {
            #expect(TLSCertificate(lines: ["Expire date:" + text]).expires == nil, "\(text)")
        }
        // A leap second is a clock a certificate may name.
        #expect(TLSCertificate(lines: ["Expire date:Dec 31 23:59:60 2026 GMT"]).expires == Date(timeIntervalSince1970: 1_798_761_600))
    }

    /// Corpus/FuzzTimestamps/crash-dateformatter-non-ascii.bin: Foundation's DateFormatter traps
    /// ("Incorrect range CFRange") on some non-ASCII text; `Date`, `Retry-After` and cookie
    /// `Expires` headers come from the server, so HTTPDate refuses non-ASCII before it.
    @Test func anHTTPDateWithNonASCIIBytesIsUnreadableNotATrap() throws {
        let file = Emulator.packageRoot.appendingPathComponent("Tests/Fuzz/Corpus/FuzzTimestamps/crash-dateformatter-non-ascii.bin")
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(HTTPDate.parse(text) == nil)
        #expect(HTTPDate.parse("Tue, 01 Dec 2026 0\u{364}\u{FFFD}::38:44 GMT") == nil)
        #expect(HTTPDate.parse("Tue, 01 Dec 2026 09:38:44 GMT") == Date(timeIntervalSince1970: 1_796_117_924))
    }
}
