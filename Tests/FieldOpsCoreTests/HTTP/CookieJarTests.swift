import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// RFC 6265 rules of the jar, its export/restore, and cookies on the wire.
@Suite struct CookieJarTests {
    // MARK: Storage rules

    @Test func hostOnlyCookieIsNotSentToOtherHostsOrSubdomains() {
        let jar = CookieJar()
        jar.store(setCookieHeaders: ["sessionid=abc; Path=/"], from: "http://mcms.example/api/v1/login")
        #expect(jar.cookieHeader(for: "http://mcms.example/api/v1/onus") == "sessionid=abc")
        #expect(jar.cookieHeader(for: "http://other.example/") == nil)
        #expect(jar.cookieHeader(for: "http://sub.mcms.example/") == nil)
    }

    @Test func domainCookieReachesSubdomainsButForeignDomainsAreRefused() {
        let jar = CookieJar()
        jar.store(setCookieHeaders: ["a=1; Domain=.example.org", "b=2; Domain=evil.test"], from: "http://api.example.org/")
        #expect(jar.cookieHeader(for: "http://www.example.org/") == "a=1")
        #expect(jar.cookies.map(\.name) == ["a"])
    }

    @Test func singleLabelDomainsAreRefused() {
        let jar = CookieJar()
        jar.store(setCookieHeaders: ["wide=1; Domain=example"], from: "http://api.example/")
        jar.store(setCookieHeaders: ["tld=1; Domain=com"], from: "http://shop.com/")
        jar.store(setCookieHeaders: ["self=1; Domain=localhost"], from: "http://localhost/")
        #expect(jar.cookies.map(\.name) == ["self"])
        #expect(jar.cookies.first?.hostOnly == true)
        #expect(jar.cookieHeader(for: "http://other.com/") == nil)
    }

    @Test func publicSuffixDomainsAreRefusedByTheList() {
        let jar = CookieJar()
        jar.store(setCookieHeaders: ["wide=1; Domain=co.uk"], from: "https://shop.co.uk/")
        jar.store(setCookieHeaders: ["gh=1; Domain=github.io"], from: "https://alice.github.io/")
        jar.store(setCookieHeaders: ["ok=1; Domain=shop.co.uk"], from: "https://www.shop.co.uk/")
        #expect(jar.cookies.map(\.name) == ["ok"])
        #expect(jar.cookieHeader(for: "https://bank.co.uk/") == nil)
        #expect(jar.cookieHeader(for: "https://bob.github.io/") == nil)
        #expect(jar.cookieHeader(for: "https://api.shop.co.uk/") == "ok=1")
    }

    @Test func cookiesGoBackOnlyToThePortThatSetThem() {
        let jar = CookieJar()
        jar.store(setCookieHeaders: ["sessionid=abc; Path=/", "csrftoken=t; Path=/"], from: "http://127.0.0.1:8443/api/v1/login")
        #expect(jar.cookieHeader(for: "http://127.0.0.1:8443/api/v1/onus") == "sessionid=abc; csrftoken=t")
        #expect(jar.cookieHeader(for: "http://127.0.0.1:9999/capture") == nil)
        #expect(jar.cookieHeader(for: "http://127.0.0.1/") == nil)
        // A default port is the same origin whether written or not.
        jar.store(setCookieHeaders: ["d=1"], from: "https://mcms.example/")
        #expect(jar.cookieHeader(for: "https://mcms.example:443/x") == "d=1")
        #expect(jar.cookieHeader(for: "https://mcms.example:8443/x") == nil)
        // Two services on one host keep a cookie of the same name each.
        jar.store(setCookieHeaders: ["sessionid=other; Path=/"], from: "http://127.0.0.1:9999/")
        #expect(jar.cookieHeader(for: "http://127.0.0.1:8443/") == "sessionid=abc; csrftoken=t")
        #expect(jar.cookieHeader(for: "http://127.0.0.1:9999/") == "sessionid=other")
    }

    @Test func cookiesRestoredFromBeforePortsWereRecordedStillWork() throws {
        let legacy =
            #"{"cookies":[{"created":1700000000,"domain":"mcms.example","hostOnly":true,"httpOnly":false,"name":"sessionid","path":"/","secure":false,"value":"old"}],"version":1}"#
        let jar = try CookieJar(restoring: legacy, now: Date(timeIntervalSince1970: 1_700_000_100))
        #expect(jar.cookieHeader(for: "http://mcms.example:8000/", now: Date(timeIntervalSince1970: 1_700_000_100)) == "sessionid=old")
        let exported = jar.export(now: Date(timeIntervalSince1970: 1_700_000_100))
        #expect(try CookieJar(restoring: exported).cookies.first?.port == nil)
    }

    @Test func pathLimitsWhereACookieGoesAndLongerPathsComeFirst() {
        let jar = CookieJar()
        jar.store(setCookieHeaders: ["root=1; Path=/", "api=2; Path=/api"], from: "http://h.example/")
        #expect(jar.cookieHeader(for: "http://h.example/api/v1") == "api=2; root=1")
        #expect(jar.cookieHeader(for: "http://h.example/apiary") == "root=1")
        // Without Path, the default is the directory of the request path.
        jar.store(setCookieHeaders: ["dir=3"], from: "http://h.example/a/b/login")
        #expect(jar.cookieHeader(for: "http://h.example/a/b/x")?.contains("dir=3") == true)
        #expect(jar.cookieHeader(for: "http://h.example/a/")?.contains("dir=3") == false)
    }

    @Test func secureCookiesOnlyTravelOverHTTPS() {
        let jar = CookieJar()
        jar.store(setCookieHeaders: ["s=1; Secure"], from: "http://h.example/")
        #expect(jar.cookies.isEmpty)
        jar.store(setCookieHeaders: ["s=1; Secure; Path=/"], from: "https://h.example/")
        #expect(jar.cookieHeader(for: "https://h.example/") == "s=1")
        #expect(jar.cookieHeader(for: "http://h.example/") == nil)
    }

    @Test func hostPrefixRulesAreEnforced() {
        let jar = CookieJar()
        jar.store(
            setCookieHeaders: [
                "__Host-ok=1; Secure; Path=/",
                "__Host-domain=2; Secure; Path=/; Domain=h.example",
                "__Host-path=3; Secure; Path=/api",
                "__Host-insecure=4; Path=/",
            ], from: "https://h.example/")
        jar.store(setCookieHeaders: ["__Host-plain=5; Secure; Path=/"], from: "http://h.example/")
        #expect(jar.cookies.map(\.name) == ["__Host-ok"])
    }

    @Test func expiryRemovesAndReplacesCookies() {
        let jar = CookieJar()
        let now = Date()
        jar.store(setCookieHeaders: ["a=1; Max-Age=60", "b=2; Expires=Wed, 21 Oct 2015 07:28:00 GMT"], from: "http://h.example/", now: now)
        #expect(jar.cookieHeader(for: "http://h.example/", now: now) == "a=1")
        #expect(jar.cookieHeader(for: "http://h.example/", now: now.addingTimeInterval(61)) == nil)
        jar.store(setCookieHeaders: ["a=2"], from: "http://h.example/", now: now)
        #expect(jar.cookieHeader(for: "http://h.example/", now: now) == "a=2")
        jar.store(setCookieHeaders: ["a=gone; Max-Age=0"], from: "http://h.example/", now: now)
        #expect(jar.cookies.isEmpty)
    }

    // MARK: Export and restore

    @Test func exportRestoresTheSameCookiesAndDropsExpiredOnes() throws {
        let jar = CookieJar()
        let now = Date()
        jar.store(
            setCookieHeaders: ["__Host-sessionid=s3cr3t; Secure; Path=/; HttpOnly", "csrftoken=t0k; Max-Age=10; Path=/"],
            from: "https://mcms.example/api", now: now)
        let text = jar.export(now: now)
        let restored = try CookieJar(restoring: text, now: now)
        #expect(
            restored.cookieHeader(for: "https://mcms.example/api/v1", now: now)
                == jar.cookieHeader(for: "https://mcms.example/api/v1", now: now))
        #expect(restored.value(named: "csrftoken", for: "https://mcms.example/", now: now) == "t0k")
        let later = try CookieJar(restoring: text, now: now.addingTimeInterval(20))
        #expect(later.cookies.map(\.name) == ["__Host-sessionid"])
    }

    @Test func restoringGarbageFails() {
        #expect(throws: (any Error).self) { _ = try CookieJar(restoring: "not json") }
    }

    // MARK: On the wire

    @Test func sessionSendsBackCookiesOnlyToTheirHost() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            let set = HTTPRequest(
                baseURL: emulator.baseURL, path: ["set-cookie"],
                query: [.init("c", "sessionid=abc; Path=/; HttpOnly"), .init("c", "csrftoken=xyz; Path=/")])
            try await session.send(set).requireSuccess()
            let seen = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["cookies"])).decode(CookieEcho.self)
            #expect(seen.cookies == ["sessionid": "abc", "csrftoken": "xyz"])

            // Same server, other host name: nothing is sent.
            let otherHost = emulator.baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            let elsewhere = try await session.send(HTTPRequest(baseURL: otherHost, path: ["cookies"])).decode(CookieEcho.self)
            #expect(elsewhere.cookies.isEmpty)
        }
    }

    @Test func hostPrefixedSessionCookieWorksOverTLS() async throws {
        let certificates = try TestCertificates.shared
        try await withEmulator(
            script: "http_test_server", arguments: ["--tls-cert", certificates.serverCertificate, "--tls-key", certificates.serverKey]
        ) { emulator in
            let session = try testSession(HTTPSettings(caFile: certificates.caFile, retries: 0))
            let set = HTTPRequest(
                baseURL: emulator.baseURL, path: ["set-cookie"], query: [.init("c", "__Host-sessionid=abc; Secure; Path=/; HttpOnly")])
            try await session.send(set).requireSuccess()
            let seen = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["cookies"])).decode(CookieEcho.self)
            #expect(seen.cookies == ["__Host-sessionid": "abc"])
        }
    }
}

struct CookieEcho: Decodable {
    var cookies: [String: String]
}
