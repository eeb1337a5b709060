import Testing
@testable import InterlinedList

/// When a reading command shows the cache, fetches, or falls back.
@Suite struct ReadPolicyTests {
    let now: Int64 = 1_000_000_000

    @Test func freshCacheIsShownWithoutAsking() {
        #expect(ReadPolicy.from(noCache: false, refresh: false).firstStep(cachedAt: now - 5_000, now: now) == .showCache)
    }

    @Test func staleCacheIsRefreshedWithTheCacheAsFallback() {
        #expect(ReadPolicy.from(noCache: false, refresh: false).firstStep(cachedAt: now - 600_000, now: now) == .fetch(fallBackToCache: true))
        #expect(ReadPolicy.from(noCache: false, refresh: false).firstStep(cachedAt: nil, now: now) == .fetch(fallBackToCache: false))
    }

    @Test func aCacheFromTheFutureIsNotTrusted() {
        #expect(ReadPolicy.cacheFirst(maxAge: 60_000).firstStep(cachedAt: now + 3_600_000, now: now) == .fetch(fallBackToCache: true))
    }

    @Test func refreshFetchesButStillFallsBack() {
        #expect(ReadPolicy.from(noCache: false, refresh: true).firstStep(cachedAt: now - 1, now: now) == .fetch(fallBackToCache: true))
    }

    @Test func noCacheNeverReadsTheCache() {
        #expect(ReadPolicy.from(noCache: true, refresh: true).firstStep(cachedAt: now - 1, now: now) == .fetch(fallBackToCache: false))
    }

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
