import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// `fieldops profile …` against real config files in a throw-away home.
@Suite struct ProfileCommandTests {
    @Test func addListShowUseRemoveRoundTrip() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        var outcome = await home.run(
            [
                "profile", "add", "lab", "--backend", "wd", "--base-url", "https://lab.example.net", "--username", "li",
                "--http-version", "1.1", "--retries", "4", "--set", "shelf=low",
            ],
            backends: testBackends)
        #expect(outcome.exitCode == 0, "\(outcome)")
        #expect(outcome.stderr.contains("profiles.d/lab.yaml"))

        outcome = await home.run(["profile", "list"], backends: testBackends)
        #expect(outcome.exitCode == 0)
        #expect(outcome.stdout == "\tlab\twidget\thttps://lab.example.net\tli\n", "piped output is tab-separated without a header")

        outcome = await home.run(["profile", "show", "lab", "--json"], backends: testBackends)
        let shown = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect(shown?["backend"] as? String == "widget")
        #expect((shown?["http"] as? [String: Any])?["version"] as? String == "1.1")
        #expect((shown?["http"] as? [String: Any])?["retries"] as? Int == 4)
        #expect((shown?["settings"] as? [String: String])?["shelf"] == "low")

        outcome = await home.run(["profile", "use", "lab"], backends: testBackends)
        #expect(outcome.exitCode == 0)
        outcome = await home.run(["profile", "list", "--json"], backends: testBackends)
        let listed = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]]
        #expect(listed?.first?["default"] as? Bool == true)

        outcome = await home.run(["profile", "remove", "lab"], backends: testBackends)
        #expect(outcome.exitCode == 0, "\(outcome)")
        #expect(!FileManager.default.fileExists(atPath: home.directory.path("config") + "/fieldops/profiles.d/lab.yaml"))
    }

    @Test func editsNeverRewriteThePersonsFile() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig(sampleConfig)
        let outcome = await home.run(
            ["profile", "add", "east", "--backend", "widget", "--base-url", "https://east.example.com"], backends: testBackends)
        #expect(outcome.exitCode == 0, "\(outcome)")
        #expect(try String(contentsOfFile: home.configFile, encoding: .utf8) == sampleConfig)

        _ = await home.run(["profile", "use", "south"], backends: testBackends)
        let edited = try String(contentsOfFile: home.configFile, encoding: .utf8)
        // south is a gadget profile, north a widget one: each backend keeps its own default.
        #expect(
            edited
                == sampleConfig.replacingOccurrences(
                    of: "default_profile: north", with: "default_profile:\n  widget: north\n  gadget: south"))
    }

    @Test func addingAnExistingProfileChangesNothing() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig(sampleConfig)
        let before = snapshot(of: home.directory.path("config"))
        let outcome = await home.run(
            ["profile", "add", "north", "--backend", "widget", "--base-url", "https://x.example.com"], backends: testBackends)
        #expect(outcome.exitCode == 2)
        #expect(outcome.stderr.hasPrefix("fieldops: "))
        #expect(snapshot(of: home.directory.path("config")) == before)
    }

    @Test func listRendersAnAlignedTableOnATerminal() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig(sampleConfig)
        let outcome = await home.run(["profile", "list", "-o", "table"], backends: testBackends)
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("   NAME   BACKEND") == true, "\(outcome.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("*  north  widget ") == true)
    }
}
