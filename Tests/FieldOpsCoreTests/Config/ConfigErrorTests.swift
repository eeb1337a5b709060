import Testing

@testable import FieldOpsCore

@Suite struct ConfigErrorTests {
    private func error(_ text: String) throws -> ConfigError {
        let fixture = try ConfigFixture()
        try fixture.write(text)
        let error = try #require(fixture.loadError())
        #expect(error.exitCode == .usage)
        #expect(error.location?.hasPrefix(fixture.configFile + ":") == true)
        return error
    }

    // MARK: YAML

    @Test func malformedYAMLNamesLineColumnWithSourceAndCaret() throws {
        let error = try error("profiles:\n  p:\n    backend: [jqc\n")
        #expect(error.kind == .malformedYAML)
        #expect(error.summary.contains("malformed YAML"))
        #expect(error.details.count == 2)
        #expect(error.details[1].hasSuffix("^"))
        #expect(error.hint != nil)
    }

    @Test func anUnclosedBracketNamesTheLineWhereItBegan() throws {
        let error = try error("profiles:\n  a: { backend: jqc,\n  b: x\nhttp: {}\n")
        #expect(error.kind == .malformedYAML)
        #expect(error.location?.hasSuffix(":4:5") == true)
        #expect(error.summary.contains("the construct began at line 2, column 6: `a: { backend: jqc,`"), "\(error.summary)")
    }

    @Test func tabIndentationIsNamedAsSuch() throws {
        let error = try error("profiles:\n\tp:\n    backend: jqc\n")
        #expect(error.kind == .tabIndentation)
        #expect(error.location?.hasSuffix(":2:1") == true)
        #expect(error.details == ["2 | \tp:", "  | ^"])
        #expect(error.hint?.contains("spaces") == true)
    }

    @Test func anchorsAndAliasesAreRejected() throws {
        let error = try error("http: &base\n  retries: 3\nprofiles:\n  p:\n    backend: jqc\n    base_url: https://x\n    http: *base\n")
        #expect(error.kind == .unsupportedYAML)
        #expect(error.location?.hasSuffix(":1:7") == true)
    }

    @Test func duplicateKeysInOneMappingAreRejected() throws {
        let error = try error("profiles:\n  p:\n    backend: jqc\n    backend: mcms\n")
        #expect(error.kind == .duplicateKey)
        #expect(error.location?.hasSuffix(":4:5") == true)
        #expect(error.summary.contains("first on line 3"))
    }

    // MARK: schema

    @Test func unknownKeySuggestsTheClosestKnownKey() throws {
        let error = try error("profiles:\n  site-a:\n    bakend: jqc\n    base_url: https://x\n")
        // The backend is read first, so a misspelt `backend` reads as a missing one.
        #expect(error.kind == .missingKey)
        let unknown = try self.error("profiles:\n  site-a:\n    backend: jqc\n    base_url: https://x\n    usrname: ana\n")
        #expect(unknown.kind == .unknownKey)
        #expect(unknown.location?.hasSuffix(":5:5") == true)
        #expect(unknown.summary.contains("'usrname'"))
        #expect(unknown.summary.contains("profile 'site-a'"))
        #expect(unknown.hint?.contains("did you mean 'username'?") == true)
        #expect(unknown.details == ["5 |     usrname: ana", "  |     ^"])
    }

    @Test func unknownTopLevelKeyIsAnError() throws {
        let error = try error("profile:\n  p: {}\n")
        #expect(error.kind == .unknownKey)
        #expect(error.hint?.contains("did you mean 'profiles'?") == true)
    }

    @Test func backendKeyOfAnotherBackendIsUnknown() throws {
        let error = try error("profiles:\n  p:\n    backend: jqc\n    base_url: https://x\n    remember_password: true\n")
        #expect(error.kind == .unknownKey)
        #expect(error.summary.contains("backend jqc"))
    }

    @Test func wrongTypesAreNamed() throws {
        let retries = try error("http:\n  retries: many\n")
        #expect(retries.kind == .wrongType)
        #expect(retries.location?.hasSuffix(":2:12") == true)
        let bool = try error("profiles:\n  p:\n    backend: mcms\n    base_url: https://x\n    remember_password: maybe\n")
        #expect(bool.kind == .wrongType)
        let mapping = try error("profiles:\n  p:\n    backend: jqc\n    base_url: https://x\n    http: fast\n")
        #expect(mapping.kind == .wrongType)
        #expect(mapping.summary.contains("mapping"))
        let duration = try error("http:\n  timeout: soon\n")
        #expect(duration.kind == .wrongType)
        #expect(duration.hint?.contains("30s") == true)
    }

    @Test func outOfRangeAndInvalidValuesAreNamed() throws {
        #expect(try error("http:\n  retries: 11\n").kind == .invalidValue)
        #expect(try error("http:\n  version: \"3\"\n").kind == .invalidValue)
        let url = try error("profiles:\n  p:\n    backend: jqc\n    base_url: ftp://x.example\n")
        #expect(url.kind == .invalidValue)
        #expect(url.location?.hasSuffix(":4:15") == true)
        #expect(try error("profiles:\n  p:\n    backend: jqc\n    base_url: https://\n").kind == .invalidValue)
        #expect(try error("profiles:\n  ../etc:\n    backend: jqc\n    base_url: https://x\n").kind == .invalidValue)
        #expect(try error("keyring:\n  encryption: rot13\n").kind == .invalidValue)
    }

    @Test func missingRequiredKeysPointAtTheProfile() throws {
        let backend = try error("profiles:\n  p:\n    base_url: https://x\n")
        #expect(backend.kind == .missingKey)
        #expect(backend.location?.hasSuffix(":2:3") == true)
        let url = try error("profiles:\n  p:\n    backend: jqc\n")
        #expect(url.kind == .missingKey)
        #expect(url.summary.contains("base_url"))
    }

    @Test func unknownBackendSuggestsAndListsKnownOnes() throws {
        let error = try error("profiles:\n  p:\n    backend: mcsm\n    base_url: https://x\n")
        #expect(error.kind == .unknownBackend)
        #expect(error.location?.hasSuffix(":3:14") == true)
        #expect(error.hint == "did you mean 'mcms'? known backends: jqc, mcms, interlinedlist, il")
    }

    // MARK: across files

    // A broken profiles.d file is skipped with its error (the others load): see
    // `ProfilesDirectoryTests`.

    @Test func duplicateProfileAcrossFilesNamesBothPlaces() throws {
        let fixture = try ConfigFixture()
        try fixture.write("profiles:\n  p:\n    backend: jqc\n    base_url: https://x\n")
        try fixture.writeProfile(file: "p.yaml", "profiles:\n  p:\n    backend: il\n    base_url: https://y\n")
        let configuration = try fixture.load()
        #expect(configuration.profile(named: "p")?.backend == "jqc", "the first definition stays")
        let error = try #require(configuration.skippedFiles.first?.error)
        #expect(error.kind == .duplicateProfile)
        #expect(error.location == fixture.paths.profilesDirectory + "/p.yaml:2:3")
        #expect(error.summary.contains(fixture.configFile + ":2:3"))
    }

    @Test func profilesDirectoryFilesMayOnlyHoldProfiles() throws {
        let fixture = try ConfigFixture()
        try fixture.writeProfile(file: "x.yaml", "default_profile: p\n")
        let error = try #require(try fixture.load().skippedFiles.first?.error)
        #expect(error.kind == .unknownKey)
        #expect(error.location == fixture.paths.profilesDirectory + "/x.yaml:1:1")
        #expect(error.hint?.contains(fixture.configFile) == true)
    }

    @Test func errorInAProfilesDirectoryFileNamesThatFile() throws {
        let fixture = try ConfigFixture()
        try fixture.writeProfile(file: "x.yaml", "profiles:\n  p:\n    backend: jqc\n    base_url: https://x\n    colour: red\n")
        let error = try #require(try fixture.load().skippedFiles.first?.error)
        #expect(error.location == fixture.paths.profilesDirectory + "/x.yaml:5:5")
    }
}

extension ConfigErrorTests {
    @Test func unterminatedQuotePointsWhereItOpens() throws {
        let error = try error("profiles:\n  p:\n    backend: jqc\n    base_url: \"https://x\n")
        #expect(error.kind == .malformedYAML)
        #expect(error.location?.hasSuffix(":4:15") == true)
        #expect(error.details.first == "4 |     base_url: \"https://x")
    }
}
