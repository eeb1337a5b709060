import FieldOpsCore
import Foundation
import FuzzSupport

/// Set-Cookie parsing and the jar. The input is `Set-Cookie` header values, one a line; a first
/// line starting with `http://` or `https://` is the URL of the response (else a fixed MCMS
/// login URL). Checked: a cookie never goes to another port or an unrelated host, and the
/// keyring export restores to the same jar and the same text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var lines = FuzzInput(data, size).lines
    var origin = Origin.known[0]
    if let first = lines.first, first.hasPrefix("http://") || first.hasPrefix("https://") {
        lines.removeFirst()
        origin = Origin.known.first { $0.url == first } ?? Origin(url: first, otherPort: nil)
    }

    let jar = CookieJar()
    jar.store(setCookieHeaders: lines, from: origin.url, now: now)
    for probe in Origin.probes + [origin.url] {
        _ = jar.cookieHeader(for: probe, now: now)
    }
    for cookie in jar.cookies {
        _ = jar.value(named: cookie.name, for: origin.url, now: now)
    }
    if let otherPort = origin.otherPort {
        Invariant.require(
            jar.cookieHeader(for: otherPort, now: now) == nil,
            "a cookie from \(origin.url) goes to \(otherPort): \(jar.cookieHeader(for: otherPort, now: now) ?? "")")
        Invariant.require(
            jar.cookieHeader(for: "https://unrelated.example.org/", now: now) == nil,
            "a cookie from \(origin.url) goes to an unrelated host")
    }

    let exported = jar.export(now: now)
    let restored: CookieJar
    do {
        restored = try CookieJar(restoring: exported, now: now)
    } catch {
        fatalError("fuzz invariant broken: the jar's own export does not restore (\(error)): \(exported.prefix(300))")
    }
    Invariant.require(restored.cookies == jar.cookies, "restored cookies differ from the exported ones: \(exported.prefix(300))")
    Invariant.require(restored.export(now: now) == exported, "export → restore → export changed the text: \(exported.prefix(300))")
    for probe in Origin.probes + [origin.url] {
        Invariant.require(
            restored.cookieHeader(for: probe, now: now) == jar.cookieHeader(for: probe, now: now),
            "the restored jar sends other cookies to \(probe)")
    }

    // Text from the keyring can be anything too: restoring a damaged export must only throw.
    do {
        _ = try CookieJar(restoring: FuzzInput(data, size).text, now: now)
    } catch {
        Exercise.render(error)
    }
    return 0
}

/// A fixed clock, so every run of an input takes the same path (expiry, Max-Age).
private let now = Date(timeIntervalSince1970: 1_780_000_000)

/// A response URL and the same host on another port, which must never get its cookies (nil
/// for a URL the input names: the harness does not parse its host and port).
private struct Origin {
    var url: String
    var otherPort: String?

    static let known = [
        Origin(url: "https://mcms.lab.example.net/api/v1/login/", otherPort: "https://mcms.lab.example.net:8443/api/v1/login/"),
        Origin(url: "http://127.0.0.1:8000/api/v1/login/", otherPort: "http://127.0.0.1:8001/api/v1/login/"),
        Origin(url: "https://qc.example.com:8443/auth/login", otherPort: "https://qc.example.com/auth/login"),
        Origin(url: "https://shop.co.uk/account/", otherPort: "https://shop.co.uk:444/account/"),
        Origin(url: "http://localhost:8080/", otherPort: "http://localhost/"),
    ]

    /// Requests a session makes after the login, and ones it must not leak to.
    static let probes = [
        "https://mcms.lab.example.net/api/v1/onus/ALPH0001/",
        "http://mcms.lab.example.net/api/v1/onus/",
        "https://lab.example.net/",
        "https://evil.example.net/api/",
        "https://sub.mcms.lab.example.net/api/",
        "http://127.0.0.1:8000/api/v1/onus/",
        "https://qc.example.com:8443/api/inspections",
        "https://www.co.uk/",
        "https://other.shop.co.uk/account/orders",
        "http://localhost:8080/a/b/c",
        "https://[::1]:8443/",
    ]
}
