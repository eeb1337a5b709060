import Testing

@testable import InterlinedList

/// Feed queries and message lengths.
@Suite struct ReadPolicyTests {
    @Test func eachFeedQueryHasItsOwnCacheFile() {
        #expect(FeedQuery().cacheName == "feed")
        #expect(FeedQuery(limit: 5).cacheName == "feed-l5-o0")
        #expect(FeedQuery(onlyMine: true, tag: "Swift").cacheName == "feed-l20-o0-mine-tag-swift")
        #expect(FeedQuery(all: true).cacheName == "feed-all")
        #expect(FeedQuery(all: true).endpoint(offset: 200).query.map(\.value).prefix(2) == ["100", "200"])
    }

    @Test func messageLengthIsCheckedAsTheServerCounts() throws {
        try MessageLength.check(String(repeating: "a", count: 500), limit: 500)
        #expect(throws: ILError.messageTooLong(length: 501, limit: 500)) {
            try MessageLength.check(String(repeating: "a", count: 501), limit: 500)
        }
        // "é" written as e + combining accent is one Character but two scalars, as the server counts.
        #expect(throws: ILError.messageTooLong(length: 4, limit: 3)) {
            try MessageLength.check("ab" + "e\u{301}", limit: 3)
        }
        #expect(throws: ILError.self) { try MessageLength.check(String(repeating: "x", count: 667), limit: nil) }
    }
}
