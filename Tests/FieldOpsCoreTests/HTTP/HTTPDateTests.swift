import FieldOpsCore
import Foundation
import Testing

/// HTTP dates, read and written without Foundation's `DateFormatter` (the program links no
/// Foundation); the test holds them to it for the formats RFC 9110 names.
@Suite struct HTTPDateTests {
    static let instant = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",  // IMF-fixdate
        "Sunday, 06-Nov-94 08:49:37 GMT",  // RFC 850
        "Sun Nov  6 08:49:37 1994",  // asctime
        "Sun, 06-Nov-1994 08:49:37 GMT",  // the cookie variant
        "Sun, 06 Nov 1994 08:49:37 +0000", "Sun, 06 Nov 1994 09:49:37 +0100", "Sun, 06 Nov 1994 00:49:37 PST",
        "  sun, 06 nov 1994 08:49:37 utc ",
    ])
    func everyFormatReadsTheSameInstant(text: String) {
        #expect(HTTPDate.parse(text) == Self.instant, "\(text)")
    }

    @Test(arguments: [
        "", "Sun, 06 Nov 1994", "Funday, 06 Nov 1994 08:49:37 GMT", "Sun, 31 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:49:37 XYZ", "Sun, 06 Nov 1994 08:49:37 +2400",
        "Sun, 06 Nov 19940 08:49:37 GMT", "Sun, 06 Nov 994 08:49:37 GMT", "Sun, ٠٦ Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nov +994 08:49:37 GMT",
    ])
    func whatIsNotAnHTTPDateIsRefused(text: String) {
        #expect(HTTPDate.parse(text) == nil, "\(text)")
    }

    @Test func twoDigitYearsAre1970To2069() {
        #expect(HTTPDate.parse("Thursday, 01-Jan-70 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(HTTPDate.parse("Sunday, 01-Jan-69 00:00:00 GMT") == HTTPDate.parse("Tue, 01 Jan 2069 00:00:00 GMT"))
    }

    @Test func writtenAsFoundationWroteIt() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Double(state >> 11).truncatingRemainder(dividingBy: 253_402_300_799)
            let date = Date(timeIntervalSince1970: seconds.rounded(.down))
            #expect(HTTPDate.format(date) == formatter.string(from: date))
            #expect(HTTPDate.parse(HTTPDate.format(date)) == date)
        }
        #expect(HTTPDate.format(Self.instant) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
