import FieldOpsCore
import Testing

@testable import InterlinedList

/// Feed cards: dates parsed by hand, times told relatively, text wrapped by display width.
@Suite struct FeedRenderingTests {
    // MARK: ISO 8601

    @Test func parsesTheServiceDateFormatToUnixMilliseconds() {
        #expect(Timestamp.milliseconds("2026-01-01T00:00:00.000Z") == 1_767_225_600_000)
        #expect(Timestamp.milliseconds("1970-01-01T00:00:00.000Z") == 0)
        #expect(Timestamp.milliseconds("2026-01-01T01:30:15.250Z") == 1_767_231_015_250)
        #expect(Timestamp.milliseconds("2024-02-29T12:00:00Z") == 1_709_208_000_000)
    }

    @Test func acceptsOffsetsAndAnyNumberOfFractionDigits() {
        #expect(Timestamp.milliseconds("2026-01-01T02:00:00.000+02:00") == 1_767_225_600_000)
        #expect(Timestamp.milliseconds("2025-12-31T19:00:00-0500") == 1_767_225_600_000)
        #expect(Timestamp.milliseconds("2026-01-01T00:00:00.5Z") == 1_767_225_600_500)
        #expect(Timestamp.milliseconds("2026-01-01T00:00:00.123456789Z") == 1_767_225_600_123)
    }

    @Test func rejectsMalformedDates() {
        for text in [
            "", "2026-01-01", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-01-01T00:00:00",
            "2026-01-01T00:00:00.Z", "2026-01-01T24:00:00Z", "2026-01-01T00:00:00Zjunk", "yyyy-01-01T00:00:00Z",
        ] {
            #expect(Timestamp.milliseconds(text) == nil, "\(text)")
        }
    }

    @Test func formatsDatesBackForOldMessages() {
        #expect(Timestamp.dateText(milliseconds: 1_767_225_600_000) == "2026-01-01")
        #expect(Timestamp.dateText(milliseconds: 1_709_208_000_000) == "2024-02-29")
        #expect(Timestamp.dateText(milliseconds: -1) == "1969-12-31")
    }

    // MARK: Relative time

    @Test func tellsAgeInTheFewestUsefulWords() {
        let now: Int64 = 1_767_225_600_000
        #expect(RelativeTime.describe(now - 10_000, now: now) == "just now")
        #expect(RelativeTime.describe(now - 5 * 60_000, now: now) == "5 min ago")
        #expect(RelativeTime.describe(now - 3 * 3_600_000, now: now) == "3 h ago")
        #expect(RelativeTime.describe(now - 30 * 3_600_000, now: now) == "yesterday")
        #expect(RelativeTime.describe(now - 4 * 86_400_000, now: now) == "4 days ago")
        #expect(RelativeTime.describe(now - 90 * 86_400_000, now: now) == "2025-10-03")
        #expect(RelativeTime.describe(now + 2 * 86_400_000, now: now) == "on 2026-01-03")
        #expect(RelativeTime.describe(iso: "not a date", now: now) == "not a date")
    }

    // MARK: Wrapping

    @Test func wrapsAtSpacesWithinTheWidth() {
        let lines = TextWrapper.wrap("the quick brown fox jumps over the lazy dog", width: 15)
        #expect(lines == ["the quick brown", "fox jumps over", "the lazy dog"])
        #expect(lines.allSatisfy { $0.displayWidth <= 15 })
    }

    @Test func countsWideCharactersAsTwoColumns() {
        let lines = TextWrapper.wrap("日本語の 文章を 折り返す", width: 10)
        #expect(lines == ["日本語の", "文章を", "折り返す"])
        #expect(lines.allSatisfy { $0.displayWidth <= 10 })
    }

    @Test func cutsWordsLongerThanALineAndKeepsParagraphs() {
        #expect(TextWrapper.wrap("abcdefghijklmnopqrst", width: 8) == ["abcdefgh", "ijklmnop", "qrst"])
        #expect(TextWrapper.wrap("one\n\ntwo", width: 20) == ["one", "", "two"])
    }

    // MARK: Cards

    @Test func cardShowsAuthorTimeContentTagsAndMedia() {
        let now = Timestamp.milliseconds("2026-01-01T01:00:00.000Z") ?? 0
        let message = ILMessage(
            id: "m080", content: "Shipping the inspector build to the field crews today", publiclyVisible: false,
            imageUrls: ["a.png", "b.png"], videoUrls: ["c.mp4"], tags: ["swift", "cli"],
            createdAt: "2026-01-01T00:55:00.000Z", user: .init(id: "u_ada", username: "ada", displayName: "Ada Lovelace"))
        let card = FeedCard.render(message, width: 40, now: now)
        #expect(
            card == """
                Ada Lovelace · 5 min ago · private  m080
                  Shipping the inspector build to the
                  field crews today
                  #swift #cli · 2 images, 1 video

                """)
        let narrow = FeedCard.render(message, width: 24, now: now)
        for line in narrow.split(separator: "\n") where !line.hasPrefix("Ada") {
            #expect(String(line).displayWidth <= 24)
        }
    }

    @Test func authorFallsBackToUsernameThenId() {
        let byUsername = ILMessage(id: "m1", content: "x", createdAt: "", user: .init(id: "u1", username: "bob"))
        #expect(byUsername.authorName == "@bob")
        let byID = ILMessage(id: "m2", content: "x", createdAt: "", userId: "u9")
        #expect(byID.authorName == "u9")
    }
}
