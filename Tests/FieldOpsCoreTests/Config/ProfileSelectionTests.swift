import Testing

@testable import FieldOpsCore

@Suite struct ProfileSelectionTests {
    private func configuration(_ text: String) throws -> (ConfigFixture, Configuration) {
        let fixture = try ConfigFixture()
        try fixture.write(text)
        return (fixture, try fixture.load())
    }

    private let three = """
        default_profile: site-a
        profiles:
          site-a: { backend: jqc, base_url: "https://qc.example" }
          lab-pon: { backend: mcms, base_url: "https://mcms.lab" }
          lists: { backend: il, base_url: "https://il.example" }
        """

    private func selectionError(_ body: () throws -> Profile) -> ConfigError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? ConfigError
        }
    }

    // MARK: order

    @Test func explicitProfileWinsOverEnvironmentAndDefault() throws {
        let (_, config) = try configuration(three)
        let chosen = try config.selectProfile(explicit: "lists", environment: ["FIELDOPS_PROFILE": "lab-pon"], backend: nil)
        #expect(chosen.name == "lists")
    }

    @Test func environmentWinsOverBackendAndDefault() throws {
        let (_, config) = try configuration(three)
        #expect(try config.selectProfile(explicit: nil, environment: ["FIELDOPS_PROFILE": "lab-pon"], backend: nil).name == "lab-pon")
    }

    @Test func backendCommandPicksTheOnlyProfileOfItsBackend() throws {
        let (_, config) = try configuration(three)
        #expect(try config.selectProfile(explicit: nil, environment: [:], backend: "mcms").name == "lab-pon")
        #expect(try config.selectProfile(explicit: nil, environment: [:], backend: "il").name == "lists")
    }

    @Test func defaultProfileIsTheLastResort() throws {
        let (_, config) = try configuration(three)
        #expect(try config.selectProfile(explicit: nil, environment: [:], backend: nil).name == "site-a")
    }

    @Test func defaultBreaksATieBetweenProfilesOfTheCommandsBackend() throws {
        let (_, config) = try configuration(
            """
            default_profile: b
            profiles:
              a: { backend: jqc, base_url: "https://a" }
              b: { backend: jqc, base_url: "https://b" }
            """)
        #expect(try config.selectProfile(explicit: nil, environment: [:], backend: "jqc").name == "b")
    }

    // MARK: refusals

    @Test func severalProfilesOfABackendWithoutDefaultAskWhichOne() throws {
        let (_, config) = try configuration(
            """
            profiles:
              a: { backend: jqc, base_url: "https://a" }
              b: { backend: jqc, base_url: "https://b" }
            """)
        let error = try #require(selectionError { try config.selectProfile(explicit: nil, environment: [:], backend: "jqc") })
        #expect(error.kind == .noProfile)
        #expect(error.summary.contains("a, b"))
        #expect(error.exitCode == .usage)
    }

    @Test func unknownProfileSuggestsTheClosestName() throws {
        let (_, config) = try configuration(three)
        let error = try #require(selectionError { try config.selectProfile(explicit: "lab-pn", environment: [:], backend: nil) })
        #expect(error.kind == .unknownProfile)
        #expect(error.hint == "did you mean 'lab-pon'? known profiles: site-a, lab-pon, lists")
        #expect(error.exitCode == .usage)
    }

    @Test func profileOfAnotherBackendIsRefusedForABackendCommand() throws {
        let (_, config) = try configuration(three)
        let error = try #require(selectionError { try config.selectProfile(explicit: "site-a", environment: [:], backend: "mcms") })
        #expect(error.kind == .wrongBackend)
        #expect(error.summary.contains("uses backend jqc"))
        #expect(error.hint?.contains("lab-pon") == true)
        #expect(error.exitCode == .usage)
    }

    @Test func environmentProfileOfAnotherBackendIsRefusedToo() throws {
        let (_, config) = try configuration(three)
        let error = selectionError { try config.selectProfile(explicit: nil, environment: ["FIELDOPS_PROFILE": "lists"], backend: "jqc") }
        #expect(error?.kind == .wrongBackend)
        #expect(error?.summary.contains("$FIELDOPS_PROFILE") == true)
    }

    @Test func noProfilesAtAllPointsToProfileAdd() throws {
        let fixture = try ConfigFixture()
        let config = try fixture.load()
        let error = try #require(selectionError { try config.selectProfile(explicit: nil, environment: [:], backend: nil) })
        #expect(error.kind == .noProfile)
        #expect(error.hint?.contains("fieldops profile add") == true)
    }

    @Test func danglingDefaultProfileNamesWhereItIsSet() throws {
        let (fixture, config) = try configuration("default_profile: gone\nprofiles:\n  a: { backend: jqc, base_url: \"https://a\" }\n")
        let error = try #require(selectionError { try config.selectProfile(explicit: nil, environment: [:], backend: nil) })
        #expect(error.kind == .unknownProfile)
        #expect(error.summary.hasPrefix(fixture.configFile + ":1:18: "))
    }
}
