import FieldOpsTestSupport
import Foundation
import Testing

@testable import FieldOpsCore

/// Careless configuration that used to be taken as written (#40): a base_url with a query, a
/// fragment or a password in it, plain http to another machine, and one broken `profiles.d` file
/// that stopped every command of every profile.
@Suite struct ProfileSafetyTests {
    static func profile(_ url: String) -> String {
        "profiles:\n  sjøgata:\n    backend: jqc\n    base_url: \(url)\n"
    }

    @Test(arguments: [
        ("https://qc.example.com/x?y=1", "a query string ('?…')", "base_url: https://qc.example.com/x"),
        ("https://qc.example.com/#top", "a fragment ('#…')", "base_url: https://qc.example.com/"),
        ("https://qc.example.com?token=Sjøgata-hemmelig", "a query string ('?…')", "base_url: https://qc.example.com"),
    ])
    func aQueryOrAFragmentIsRefusedWithTheAddressToWrite(url: String, part: String, fix: String) throws {
        let fixture = try ConfigFixture()
        try fixture.write(Self.profile(url).replacingOccurrences(of: "sjøgata", with: "sjogata"))
        let error = try #require(fixture.loadError())
        #expect(error.summary.contains("'base_url' has \(part)"), "\(error.summary)")
        #expect(error.summary.contains("land inside every request"))
        #expect(error.hint == "write the address without it: \(fix)")
        #expect(error.location == fixture.configFile + ":4:15")
        let shown = ([error.summary, error.hint ?? ""] + error.details).joined(separator: "\n")
        #expect(!shown.contains("Sjøgata-hemmelig"), "a token in a query is never shown")
    }

    @Test(arguments: [
        "https://ola:Sjøgata-hemmelig@qc.example.com/", "http://ola@qc.example.com", "https://:Sjøgata-hemmelig@qc.example.com",
    ])
    func credentialsInTheAddressAreRefusedAndNeverShown(url: String) throws {
        let fixture = try ConfigFixture()
        try fixture.write(Self.profile(url).replacingOccurrences(of: "sjøgata", with: "ola"))
        let error = try #require(fixture.loadError())
        #expect(error.summary.contains("holds a user name or password before '@qc.example.com"), "\(error.summary)")
        #expect(error.details.isEmpty, "the line holding the password is not quoted")
        let shown = ([error.summary, error.hint ?? ""] + error.details).joined(separator: "\n")
        #expect(!shown.contains("Sjøgata-hemmelig") && !shown.contains("ola@"), "\(shown)")
        #expect(error.hint?.contains("fieldops auth login") == true)
    }

    // MARK: profiles.d

    @Test func aProfilesFileThatRedefinesAProfileIsSkippedNotMerged() throws {
        let fixture = try ConfigFixture()
        try fixture.write(Self.profile("https://qc.example").replacingOccurrences(of: "sjøgata", with: "p"))
        try fixture.writeProfile(
            file: "p.yaml", "profiles:\n  q:\n    backend: il\n    base_url: https://y\n  p:\n    backend: il\n    base_url: https://y\n")
        let configuration = try fixture.load()
        #expect(configuration.profileNames == ["p"], "q came with the broken file and went with it")
        #expect(configuration.skippedFiles.map(\.path) == [fixture.paths.profilesDirectory + "/p.yaml"])
        #expect(configuration.files == [fixture.configFile])
    }

    @Test func loopbackNeedsNoPermission() {
        for host in ["localhost", "api.localhost", "127.0.0.1", "127.1.2.3", "::1"] {
            #expect(URLParts("http://\(host.contains(":") ? "[\(host)]" : host):8080/api")?.isLoopback == true, "\(host)")
        }
        for host in ["192.168.1.10", "qc.example.com", "localhost.example.com"] {
            #expect(URLParts("http://\(host)/")?.isLoopback == false, "\(host)")
        }
    }
}
