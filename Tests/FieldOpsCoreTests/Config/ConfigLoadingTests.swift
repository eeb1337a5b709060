import Foundation
import Testing

@testable import FieldOpsCore

@Suite struct ConfigLoadingTests {
    // MARK: the shipped example

    @Test func shippedExampleLoadsWithTheThreeBackends() throws {
        let example = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("config/fieldops.example.yaml").path
        let paths = ConfigPaths(environment: ["HOME": "/nonexistent-home", "FIELDOPS_CONFIG": example])
        let configuration = try Configuration.load(paths: paths, schema: ConfigFixture.schema)

        #expect(configuration.profileNames == ["site-a", "lab-pon", "lists"])
        #expect(configuration.defaultProfile == "site-a")
        let lab = try #require(configuration.profile(named: "lab-pon"))
        #expect(lab.backend == "mcms")
        #expect(lab.http == HTTPSettings(version: .http11, caFile: "/etc/ssl/lab-ca.pem", timeout: 30, connectTimeout: 10, retries: 3))
        #expect(lab.bool("remember_password") == false)
        #expect(lab.int("chunk_size") == 500)
        #expect(configuration.profile(named: "lists")?.backend == "interlinedlist")
        #expect(configuration.profile(named: "site-a")?.username == "alice")
        #expect(configuration.profile(named: "site-a")?.string("time_zone") == "America/New_York")
        #expect(configuration.keyring.encryption == .none)
        #expect(configuration.keyring.path == "/nonexistent-home/.local/share/fieldops/keyring")
    }

    // MARK: files

    @Test func missingConfigurationIsEmptyNotAnError() throws {
        let fixture = try ConfigFixture()
        let configuration = try fixture.load()
        #expect(configuration.profiles.isEmpty)
        #expect(configuration.files.isEmpty)
        #expect(configuration.http == .defaults)
    }

    @Test func commentOnlyFileIsEmpty() throws {
        let fixture = try ConfigFixture()
        try fixture.write("# nothing yet\n")
        #expect(try fixture.load().profiles.isEmpty)
    }

    @Test func profilesDirectoryFilesLoadSortedByNameAfterTheMainFile() throws {
        let fixture = try ConfigFixture()
        try fixture.write("profiles:\n  main:\n    backend: jqc\n    base_url: https://a.example\n")
        try fixture.writeProfile(file: "b.yaml", "profiles:\n  bee:\n    backend: il\n    base_url: https://b.example\n")
        try fixture.writeProfile(file: "a.yaml", "profiles:\n  ay:\n    backend: mcms\n    base_url: http://c.example\n")
        try fixture.writeProfile(file: "notes.txt", "not yaml: [")
        try fixture.writeProfile(file: ".hidden.yaml", "not yaml: [")
        let configuration = try fixture.load()
        #expect(configuration.profileNames == ["main", "ay", "bee"])
        #expect(configuration.profile(named: "bee")?.file == fixture.paths.profilesDirectory + "/b.yaml")
        #expect(configuration.profile(named: "bee")?.origin == fixture.paths.profilesDirectory + "/b.yaml:2:3")
    }

    // MARK: values

    @Test func flowStyleProfilesAndHTTPBlocksParse() throws {
        let fixture = try ConfigFixture()
        try fixture.write(
            """
            profiles: { p: { backend: jqc, base_url: "https://x.example", http: { version: "2", timeout: 500ms } } }
            """)
        let profile = try #require(try fixture.load().profile(named: "p"))
        #expect(profile.http.version == .http2)
        #expect(profile.http.timeout == 0.5)
    }

    @Test func profileHTTPOverridesTopLevelKeyByKeyWhichOverridesDefaults() throws {
        let fixture = try ConfigFixture()
        try fixture.write(
            """
            profiles:
              p:
                backend: jqc
                base_url: https://x.example
                http:
                  timeout: 2m
                  proxy: http://proxy.local:3128
              q:
                backend: jqc
                base_url: https://y.example
            http:
              timeout: 45
              retries: 5
              ca_file: certs/ca.pem
            """)
        let configuration = try fixture.load()
        let p = try #require(configuration.profile(named: "p"))
        let q = try #require(configuration.profile(named: "q"))
        let caFile = ConfigPaths.directory(of: fixture.configFile) + "/certs/ca.pem"
        #expect(
            p.http
                == HTTPSettings(
                    version: .auto, caFile: caFile, timeout: 120, connectTimeout: 10, retries: 5, proxy: "http://proxy.local:3128"))
        #expect(q.http == HTTPSettings(version: .auto, caFile: caFile, timeout: 45, connectTimeout: 10, retries: 5))
        #expect(configuration.http.timeout == 45)
    }

    @Test func backendAliasIsStoredAsTheCanonicalName() throws {
        let fixture = try ConfigFixture()
        try fixture.write("profiles:\n  lists:\n    backend: il\n    base_url: https://interlinedlist.com\n")
        #expect(try fixture.load().profile(named: "lists")?.backend == "interlinedlist")
    }

    @Test func backendKeysAreTypedByTheirDeclaredKind() throws {
        let fixture = try ConfigFixture()
        try fixture.write(
            """
            profiles:
              lab:
                backend: mcms
                base_url: https://mcms.lab/api
                remember_password: true
                session_ttl: 2m
            """)
        let lab = try #require(try fixture.load().profile(named: "lab"))
        #expect(lab.bool("remember_password") == true)
        #expect(lab.duration("session_ttl") == 120)
    }

    @Test func keyringBlockIsRead() throws {
        let fixture = try ConfigFixture()
        try fixture.write("keyring:\n  path: ~/secrets/keyring\n  encryption: passphrase\n  passphrase_command: pass show fieldops\n")
        let keyring = try fixture.load().keyring
        #expect(
            keyring
                == KeyringSettings(
                    path: fixture.root + "/secrets/keyring", encryption: .passphrase, passphraseCommand: "pass show fieldops"))
    }

    @Test(arguments: [
        ("500ms", 0.5), ("30s", 30.0), ("2m", 120.0), ("1h", 3600.0), ("30", 30.0), ("1.5", 1.5), ("0.25s", 0.25),
        ("3d", 259_200.0), ("366d", 31_622_400.0),
    ])
    func durationsAcceptUnitsAndBareSeconds(text: String, seconds: Double) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test(arguments: ["", "s", "ms", "-3s", "3 s", "3w", "367d", "abc", "inf"])
    func durationsRejectNonsense(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }
}
