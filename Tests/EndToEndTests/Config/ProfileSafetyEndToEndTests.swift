import FieldOpsTestSupport
import Foundation
import Testing

/// ProfileSafetyTests' cases as the real binary meets them: a password in a base_url never
/// shown, one broken `profiles.d` file costing only its own profiles, and plain http to
/// another host refused for a login unless the profile allows it.
@Suite struct ProfileSafetyEndToEndTests {
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
}
