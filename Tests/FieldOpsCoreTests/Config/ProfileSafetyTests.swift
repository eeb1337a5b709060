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

    @Test func theBinarySaysItToo() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig("profiles:\n  ola:\n    backend: mcms\n    base_url: https://ola:Sjøgata-hemmelig@pon.example.net\n")
        let listed = try home.runBinary(["profile", "list"])
        #expect(listed.exitCode == 2, "\(listed)")
        #expect(!listed.stdout.contains("Sjøgata-hemmelig") && !listed.stderr.contains("Sjøgata-hemmelig"), "\(listed)")
    }

    // MARK: profiles.d

    @Test func oneBrokenProfilesFileCostsOnlyItsOwnProfiles() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig("profiles:\n  hoved:\n    backend: il\n    base_url: https://lists.example\n")
        let directory = home.directory.path("config") + "/fieldops/profiles.d"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "profiles:\n  alesund:\n    backend: mcms\n    base_url: https://pon.example\n".write(
            toFile: directory + "/a.yaml", atomically: true, encoding: .utf8)
        try "profiles:\n  “broken”:\n    backend: jqc\n    base_url: [\n".write(
            toFile: directory + "/b.yaml", atomically: true, encoding: .utf8)
        try "profiles:\n  sjogata:\n    backend: jqc\n    base_url: https://qc.example\n".write(
            toFile: directory + "/c.yaml", atomically: true, encoding: .utf8)

        let listed = try home.runBinary(["profile", "list", "--json"])
        #expect(listed.exitCode == 0, "\(listed)")
        let names = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]).compactMap {
            $0["name"] as? String
        }
        #expect(names == ["hoved", "alesund", "sjogata"])
        #expect(
            listed.stderr.contains("fieldops: warning: a profiles.d file is skipped, its profiles are not loaded: \(directory)/b.yaml:"))

        let unknown = try home.runBinary(["-p", "broken", "auth", "status"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.stderr.contains("skipped, so its profiles are unknown: \(directory)/b.yaml:"), "\(unknown.stderr)")

        let doctor = try home.runBinary(["doctor", "--offline"])
        #expect(doctor.stdout.contains("skipped file"), "\(doctor)")
        #expect(doctor.exitCode != 0)
    }

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

    // MARK: plain http

    /// The real binary in a network namespace of its own (only loopback): a login over plain
    /// http to another host is refused before anything is sent; allowed by the profile, it goes
    /// ahead with a warning (and then meets no network: exit 4, not 2).
    @Test(arguments: [false, true])
    func plainHTTPToAnotherHostIsRefusedForLoginUnlessAllowed(allowed: Bool) throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig(
            """
            profiles:
              felt:
                backend: mcms
                base_url: http://pon.sjogata.invalid
                username: åse@example.net
            \(allowed ? "    allow_insecure_http: true" : "")
            """)
        let result = try ProcessRunner.run(
            "/usr/bin/unshare",
            arguments: ["-n", FieldOpsBinary.path, "-p", "felt", "auth", "login", "--password-stdin", "--timeout", "2"],
            environment: home.environment, stdin: Data("Øvrebø-passord\n".utf8))
        if allowed {
            #expect(result.exitCode == 4, "\(result.stderr)")
            #expect(
                result.stderr.contains("fieldops: warning: sending the credentials of profile felt over plain http to pon.sjogata.invalid"))
        } else {
            #expect(result.exitCode == 2, "\(result.stderr)")
            #expect(result.stderr.contains("not logging in to profile felt: its base_url is plain http:// to pon.sjogata.invalid"))
            #expect(result.stderr.contains("allow_insecure_http: true"))
        }
        #expect(!result.stderr.contains("Øvrebø-passord"))
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
