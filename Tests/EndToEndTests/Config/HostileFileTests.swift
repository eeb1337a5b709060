import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Files no person writes but a machine can hold: FIFOs, devices, endless or huge files,
/// absurdly deep YAML, a keyring writer's leftovers. Each gets a clear refusal, fast, and
/// changes nothing. Run on the real binary, so a hang or a crash fails the test.
@Suite struct HostileFileTests {
    static func fifo(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard mkfifo(path, 0o600) == 0 else { throw TestSupportError("mkfifo \(path): \(errno)") }
    }

    @Test func aFIFOAsTheConfigurationIsRefusedAtOnce() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try Self.fifo(home.configFile)
        let outcome = try home.runBinary(["profile", "list"], timeout: 10)
        #expect(outcome.exitCode == 2, "\(outcome)")
        #expect(outcome.stderr.contains("it is a FIFO (named pipe), not a regular file"))
    }

    @Test func aFIFOInProfilesDIsSkippedAtOnce() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig("profiles: {}\n")
        try Self.fifo((home.configFile as NSString).deletingLastPathComponent + "/profiles.d/evil.yaml")
        let outcome = try home.runBinary(["profile", "list"], timeout: 10)
        // Skipped with a warning, not read: one bad file in profiles.d costs only its profiles.
        #expect(outcome.exitCode == 0, "\(outcome)")
        #expect(outcome.stderr.contains("warning: a profiles.d file is skipped"))
        #expect(outcome.stderr.contains("evil.yaml"))
        #expect(outcome.stderr.contains("FIFO"))
    }

    @Test func devZeroAsTheConfigurationIsRefusedWithoutReadingIt() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        let outcome = try home.runBinary(["--config", "/dev/zero", "profile", "list"], timeout: 10)
        #expect(outcome.exitCode == 2, "\(outcome)")
        #expect(outcome.stderr.contains("character device"))
    }

    @Test func aConfigurationOverOneMiBIsRefused() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try home.writeConfig("profiles: {}\n" + String(repeating: "# padding padding padding padding\n", count: 40_000))
        let outcome = try home.runBinary(["profile", "list"], timeout: 10)
        #expect(outcome.exitCode == 2, "\(outcome)")
        #expect(outcome.stderr.contains("larger than the 1 MiB allowed"))
    }

    @Test func aFIFOAsTheKeyringIsRefusedAtOnce() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        let keyring = home.directory.path("k") + "/keyring"
        try FileManager.default.createDirectory(
            atPath: home.directory.path("k"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Self.fifo(keyring)
        try home.writeConfig("keyring: { path: \(keyring) }\nprofiles:\n  a: { backend: jqc, base_url: 'http://127.0.0.1:9' }\n")
        for command in [["auth", "status"], ["-p", "a", "auth", "token"]] {
            let outcome = try home.runBinary(command, timeout: 10)
            #expect(outcome.exitCode != 0, "\(command): \(outcome)")
            #expect(outcome.stderr.contains("FIFO (named pipe), not a regular file"), "\(command): \(outcome)")
        }
    }

    @Test func deeplyNestedYAMLIsRefusedQuicklyAndNeverCrashes() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        let blocks = String(repeating: "- ", count: 50_000) + "1\n"
        let flows = "profiles: " + String(repeating: "[", count: 100_000) + "\n"
        for (name, text) in [("block", blocks), ("flow", flows)] {
            try home.writeConfig(text)
            let outcome = try home.runBinary(["profile", "list"], timeout: 20)
            #expect(outcome.exitCode == 2, "\(name): \(outcome)")
            #expect(outcome.stderr.contains("nested more than 128 levels deep"), "\(name): \(outcome)")
        }
        // Nesting that is merely deep is fine.
        try home.writeConfig("profiles: {}\nhttp: { }\n# " + String(repeating: "[", count: 500) + " in a comment\n")
        #expect(try home.runBinary(["profile", "list"]).exitCode == 0)
    }

    @Test func aKilledKeyringWritersLeftoverCopyIsRemovedByTheNextWrite() async throws {
        try await withEmulator(script: "jqc_emulator") { emulator in
            let home = try FieldOpsHome()
            defer { home.remove() }
            try home.writeConfig("profiles:\n  a: { backend: jqc, base_url: '\(emulator.baseURL)', username: inspector }\n")
            #expect(try home.runBinary(["-p", "a", "auth", "login", "--password-stdin"], stdin: "secret123\n").exitCode == 0)
            // What `kill -9` between mkstemp and rename leaves: a full copy of the secrets.
            let leftover = home.dataDirectory + "/.keyring.tmp-Ab3xQ9"
            try FileManager.default.copyItem(atPath: home.keyringFile, toPath: leftover)
            let unrelated = home.dataDirectory + "/.keyring.tmp-notmine-at-all"
            try Data("x".utf8).write(to: URL(fileURLWithPath: unrelated))
            #expect(try home.runBinary(["-p", "a", "auth", "logout"]).exitCode == 0)
            #expect(!FileManager.default.fileExists(atPath: leftover))
            #expect(FileManager.default.fileExists(atPath: unrelated))
            let names = try FileManager.default.contentsOfDirectory(atPath: home.dataDirectory)
            #expect(!names.contains { $0.hasPrefix(".keyring.tmp-") && $0.count == ".keyring.tmp-".count + 6 })
        }
    }

    @Test func aStickyWorldWritableKeyringDirectoryIsReportedWithItsStickyBit() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        let directory = home.directory.path("shared")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chmod(directory, 0o1777)
        try home.writeConfig("keyring: { path: \(directory)/keyring }\nprofiles:\n  a: { backend: jqc, base_url: 'http://127.0.0.1:9' }\n")
        let outcome = try home.runBinary(["auth", "status"])
        #expect(outcome.stderr.contains("mode 01777"), "\(outcome)")
    }

    @Test func suggestionsForHugeOrManyUnknownWordsCostNothing() {
        let huge = String(repeating: "x", count: 10_000_000)
        #expect(Suggestions.closest(to: huge, in: ["base_url", "backend", "username"], ignoringCase: true) == nil)
        #expect(Suggestions.closest(to: "base_ur", in: ["base_url", "backend"]) == "base_url")
        #expect(Suggestions.closest(to: "bakend", in: ["base_url", "backend"]) == "backend")
    }
}
