import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Every kind of bad input gets a one-line cause, a hint, the documented exit code, no stack
/// trace — and leaves every file exactly as it was.
@Suite struct BadInputTests {
    /// Runs `arguments` and checks the common promises; returns the outcome for specific checks.
    func expectRefusal(
        _ home: FieldOpsHome, _ arguments: [String], exitCode: Int32, mentioning needle: String,
        environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async -> CommandOutcome {
        let before = snapshot(of: home.directory.url.path)
        let outcome = await home.run(arguments, backends: testBackends, environment: environment)
        #expect(outcome.exitCode == exitCode, "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.stderr.hasPrefix("fieldops: "), "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.stderr.contains(needle), "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.stderr.contains("hint:") || outcome.stderr.contains("did you mean"), "\(outcome)", sourceLocation: sourceLocation)
        #expect(!outcome.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
        #expect(outcome.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(snapshot(of: home.directory.url.path) == before, "no file may change", sourceLocation: sourceLocation)
        return outcome
    }

    @Test func malformedYAMLNamesFileLineAndColumn() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig("profiles:\n  north:\n    backend: widget\n    base_url: [unclosed\n")
        let outcome = await expectRefusal(home, ["profile", "list"], exitCode: 2, mentioning: home.configFile + ":")
        #expect(outcome.stderr.contains("^"), "the source line is shown with a caret")
    }

    @Test func tabIndentationIsRefused() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig("profiles:\n\tnorth:\n\t\tbackend: widget\n")
        _ = await expectRefusal(home, ["profile", "list"], exitCode: 2, mentioning: "tab")
    }

    @Test func unknownProfileSuggestsTheClosestName() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig(sampleConfig)
        _ = await expectRefusal(home, ["-p", "nroth", "widget", "whoami"], exitCode: 2, mentioning: "north")
    }

    @Test func profileOfAnotherBackendIsRefused() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig(sampleConfig)
        _ = await expectRefusal(home, ["--profile", "south", "widget", "whoami"], exitCode: 2, mentioning: "gadget")
    }

    @Test func unknownCommandOptionAndMissingValueAreUsageErrors() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        _ = await expectRefusal(home, ["profle", "list"], exitCode: 2, mentioning: "profile")
        _ = await expectRefusal(home, ["profile", "list", "--jsn"], exitCode: 2, mentioning: "--json")
        _ = await expectRefusal(home, ["profile", "list", "--profile"], exitCode: 2, mentioning: "--profile")
    }

    @Test func keyringReadableByOthersIsRefusedWithTheFix() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig(sampleConfig)
        try FileManager.default.createDirectory(
            atPath: home.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(#"{"format":"fieldops-keyring","version":1,"entries":{}}"#.utf8).write(to: URL(fileURLWithPath: home.keyringFile))
        chmod(home.keyringFile, 0o644)
        _ = await expectRefusal(home, ["auth", "status"], exitCode: 1, mentioning: "chmod 600")
    }

    @Test func corruptKeyringIsRefusedAndKept() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig(sampleConfig)
        try FileManager.default.createDirectory(
            atPath: home.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(#"{"format":"fieldops-keyring","version":1,"entr"#.utf8).write(to: URL(fileURLWithPath: home.keyringFile))
        chmod(home.keyringFile, 0o600)
        _ = await expectRefusal(home, ["-p", "north", "auth", "logout"], exitCode: 1, mentioning: home.keyringFile)
    }
}
