import Foundation
import Testing

@testable import FieldOpsCore

/// A default profile per backend (`profile use`), read from the mapping form of `default_profile`
/// and from the single value older files have; written by `profile use` without touching other lines.
@Suite struct BackendDefaultTests {
    private let profiles = """
        profiles:
          il-work: { backend: il, base_url: "https://il.example" }
          il-home: { backend: il, base_url: "https://il.home" }
          il-test: { backend: interlinedlist, base_url: "https://il.test" }
          site-a: { backend: jqc, base_url: "https://qc.a" }
          site-b: { backend: jqc, base_url: "https://qc.b" }

        """

    private func failure(_ body: () throws -> Profile) -> ConfigError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? ConfigError
        }
    }

    @Test func eachBackendUsesItsOwnDefaultAmongThreeProfiles() throws {
        let fixture = try ConfigFixture()
        try fixture.write("default_profile:\n  il: il-home\n  jqc: site-b\n" + profiles)
        let config = try fixture.load()
        #expect(try config.selectProfile(explicit: nil, environment: [:], backend: "interlinedlist").name == "il-home")
        #expect(try config.selectProfile(explicit: nil, environment: [:], backend: "jqc").name == "site-b")
        // --profile and $FIELDOPS_PROFILE still win over the backend's default.
        #expect(try config.selectProfile(explicit: "il-test", environment: [:], backend: "il").name == "il-test")
        #expect(try config.selectProfile(explicit: nil, environment: ["FIELDOPS_PROFILE": "il-work"], backend: "il").name == "il-work")
    }

    @Test func withoutADefaultTheErrorListsTheCandidatesAndTheFix() throws {
        let fixture = try ConfigFixture()
        try fixture.write("default_profile:\n  jqc: site-a\n" + profiles)
        let error = try #require(failure { try fixture.load().selectProfile(explicit: nil, environment: [:], backend: "il") })
        #expect(error.kind == .noProfile)
        #expect(error.summary.contains("il-work, il-home, il-test"))
        #expect(error.hint?.contains("fieldops profile use il-work") == true)
    }

    @Test func aBackendsDefaultThatIsGoneIsNamedWithItsPlace() throws {
        let fixture = try ConfigFixture()
        try fixture.write("default_profile:\n  il: il-old\n" + profiles)
        let error = try #require(failure { try fixture.load().selectProfile(explicit: nil, environment: [:], backend: "il") })
        #expect(error.kind == .unknownProfile)
        #expect(error.summary.hasPrefix(fixture.configFile + ":2:7: unknown profile 'il-old'"))
    }

    @Test func anUnknownBackendInTheMappingIsAConfigurationError() throws {
        let fixture = try ConfigFixture()
        try fixture.write("default_profile:\n  jcq: site-a\n" + profiles)
        #expect(throws: ConfigError.self) { try fixture.load() }
    }

    @Test func theOldSingleValueIsStillTheDefaultOfItsBackend() throws {
        let fixture = try ConfigFixture()
        try fixture.write("default_profile: il-work\n" + profiles)
        let config = try fixture.load()
        #expect(try config.selectProfile(explicit: nil, environment: [:], backend: "il").name == "il-work")
        #expect(failure { try config.selectProfile(explicit: nil, environment: [:], backend: "jqc") }?.kind == .noProfile)
    }

    @Test func useOfAnotherBackendTurnsTheSingleValueIntoAMapping() throws {
        let fixture = try ConfigFixture()
        try fixture.write("# mine\ndefault_profile: il-work   # work\n" + profiles)
        try fixture.editor.useProfile(named: "site-b")
        #expect(try fixture.read() == "# mine\ndefault_profile:\n  interlinedlist: il-work\n  jqc: site-b   # work\n" + profiles)
        let config = try fixture.load()
        #expect(try config.selectProfile(explicit: nil, environment: [:], backend: "il").name == "il-work")
        #expect(try config.selectProfile(explicit: nil, environment: [:], backend: "jqc").name == "site-b")
    }

    @Test func useReplacesOrAddsOneEntryOfTheMapping() throws {
        let fixture = try ConfigFixture()
        try fixture.write("default_profile:\n  il: il-work  # keep\n" + profiles)
        try fixture.editor.useProfile(named: "il-test")
        #expect(try fixture.read() == "default_profile:\n  il: il-test  # keep\n" + profiles)
        try fixture.editor.useProfile(named: "site-a")
        #expect(try fixture.read() == "default_profile:\n  il: il-test  # keep\n  jqc: site-a\n" + profiles)
        let config = try fixture.load()
        #expect(config.isDefault(try #require(config.profile(named: "site-a"))))
        #expect(!config.isDefault(try #require(config.profile(named: "site-b"))))
    }

    @Test func useAlwaysWritesTheMappingSoNoOtherBackendInheritsTheDefault() throws {
        let fixture = try ConfigFixture()
        try fixture.write(profiles)
        try fixture.editor.useProfile(named: "site-a")
        #expect(try fixture.read() == "default_profile:\n  jqc: site-a\n" + profiles)
        // A single value of the same backend becomes the mapping too.
        try fixture.write("default_profile: site-a\n" + profiles)
        try fixture.editor.useProfile(named: "site-b")
        #expect(try fixture.read() == "default_profile:\n  jqc: site-b\n" + profiles)
        let config = try fixture.load()
        #expect(try config.selectProfile(explicit: nil, environment: [:], backend: "jqc").name == "site-b")
        #expect(failure { try config.selectProfile(explicit: nil, environment: [:], backend: "il") }?.kind == .noProfile)
    }

    @Test func aCommandOfNoBackendRefusesToGuessAmongBackendsAndNamesTheProfiles() throws {
        let fixture = try ConfigFixture()
        try fixture.write("default_profile:\n  jqc: site-a\n" + profiles)
        let error = try #require(failure { try fixture.load().selectProfile(explicit: nil, environment: [:], backend: nil) })
        #expect(error.kind == .noProfile)
        #expect(error.summary.contains("which profile?"), "\(error.summary)")
        #expect(error.details.contains("site-a: jqc, https://qc.a (its default)"), "\(error.details)")
        #expect(error.details.contains("il-work: interlinedlist, https://il.example"), "\(error.details)")
        // With -p it goes where it is told.
        #expect(try fixture.load().selectProfile(explicit: "il-work", environment: [:], backend: nil).name == "il-work")
    }
}
