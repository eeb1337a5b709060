import Foundation
import JQC
import Testing

/// Inputs the fuzz targets (Tests/Fuzz) crashed on, kept as tests so the fixes hold without
/// a fuzzing build. Each input is also in the target's seed corpus.
@Suite struct JQCFuzzRegressionTests {
    // MARK: FuzzTimestamps

    /// Corpus/FuzzTimestamps/crash-serverclock-huge-year.txt: a server's `Date` header with a
    /// 14-digit year overflowed `days * 86_400` (Swift runtime failure: arithmetic overflow).
    @Test func serverDateWithAYearPast9999IsUnreadableNotATrap() {
        for text in [
            "Tue, 01 Dec 99999999999999 09:38:44 GMT", "Tue, 01 Dec 9223372036854775807 09:38:44 GMT",
            "Tue, 01 Dec 10000 09:38:44 GMT", "Tue, 01 Dec 0 09:38:44 GMT",
        ] {
            #expect(ServerClock.parse(httpDate: text) == nil, "\(text)")
        }
        #expect(ServerClock.parse(httpDate: "Fri, 31 Dec 9999 23:59:59 GMT") == Date(timeIntervalSince1970: 253_402_300_799))
    }
}
