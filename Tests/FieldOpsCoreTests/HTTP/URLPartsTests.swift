import Testing

@testable import FieldOpsCore

/// The small URL parser behind cookie matching, origin checks and validation.
@Suite struct URLPartsTests {
    @Test func splitsSchemeHostPortAndPath() throws {
        let parts = try #require(URLParts("HTTPS://User:pw@MCMS.Example:8443/api/v1/olts/70:b3:d5?limit=1#x"))
        #expect(parts.scheme == "https")
        #expect(parts.host == "mcms.example")
        #expect(parts.port == 8443)
        #expect(parts.path == "/api/v1/olts/70:b3:d5")
        #expect(parts.hostAndPort == "mcms.example:8443")
    }

    @Test func handlesIPv6AndMissingPath() throws {
        let parts = try #require(URLParts("http://[::1]:8080?x=1"))
        #expect(parts.host == "::1")
        #expect(parts.port == 8080)
        #expect(parts.path == "/")
        #expect(parts.hostAndPort == "[::1]:8080")
    }

    @Test func comparesOriginsWithDefaultPorts() throws {
        let a = try #require(URLParts("https://h.example/a"))
        #expect(a.sameOrigin(as: try #require(URLParts("https://h.example:443/b"))))
        #expect(!a.sameOrigin(as: try #require(URLParts("http://h.example/a"))))
        #expect(!a.sameOrigin(as: try #require(URLParts("https://h.example:8443/a"))))
    }

    @Test(arguments: ["", "h.example/path", "http://", "http://:80/", "http://h:99999/", "mailto:x@y"])
    func rejectsWhatIsNotAnAbsoluteURL(text: String) {
        #expect(URLParts(text) == nil)
    }

    @Test func headerNamesCompareCaseInsensitively() {
        var headers: HTTPHeaders = ["Set-Cookie": "a=1", "set-cookie": "b=2", "Content-Type": "x"]
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        headers["content-type"] = "y"
        #expect(headers["Content-Type"] == "y")
        #expect(!HTTPHeaders.same("a-b", "a\u{0D}b"))
    }
}
