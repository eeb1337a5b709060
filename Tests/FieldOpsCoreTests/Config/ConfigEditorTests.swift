import Foundation
import Testing

@testable import FieldOpsCore

@Suite struct ConfigEditorTests {
    private func failure(_ body: () throws -> Void) -> ConfigError? {
        do {
            try body()
            return nil
        } catch {
            return error as? ConfigError
        }
    }

    // MARK: profile add

    @Test func addWritesAMarkedFileThatLoadsBack() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.editor.addProfile(
            ProfileDraft(
                name: "lab", backend: "mcms", baseURL: "https://mcms.lab/api", username: "noc \"one\"",
                http: ["version": "1.1", "timeout": "30s", "retries": "3"], settings: ["remember_password": "true"]))
        #expect(path == fixture.paths.profilesDirectory + "/lab.yaml")
        #expect(try fixture.read(path).hasPrefix(ConfigEditor.managedMarker))
        let lab = try #require(try fixture.load().profile(named: "lab"))
        #expect(lab.username == "noc \"one\"")
        #expect(lab.http.version == .http11)
        #expect(lab.http.retries == 3)
        #expect(lab.bool("remember_password") == true)
    }

    @Test func addStoresTheCanonicalBackendName() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.editor.addProfile(ProfileDraft(name: "lists", backend: "il", baseURL: "https://il.example"))
        #expect(try fixture.read(path).contains("backend: interlinedlist"))
    }

    @Test func addRefusesANameThatExistsInAnyFile() throws {
        let fixture = try ConfigFixture()
        try fixture.write("profiles:\n  site-a:\n    backend: jqc\n    base_url: https://qc\n")
        let error = failure { try fixture.editor.addProfile(ProfileDraft(name: "site-a", backend: "jqc", baseURL: "https://x")) }
        #expect(error?.kind == .profileExists)
        #expect(error?.summary.contains(fixture.configFile + ":2:3") == true)
        #expect(!FileManager.default.fileExists(atPath: fixture.paths.profilesDirectory + "/site-a.yaml"))
    }

    @Test func addValidatesValuesBeforeWritingAnything() throws {
        let fixture = try ConfigFixture()
        let badURL = failure { try fixture.editor.addProfile(ProfileDraft(name: "x", backend: "jqc", baseURL: "qc.example")) }
        #expect(badURL?.kind == .invalidValue)
        #expect(badURL?.location == nil)
        let badRetries = failure {
            try fixture.editor.addProfile(ProfileDraft(name: "x", backend: "jqc", baseURL: "https://qc", http: ["retries": "99"]))
        }
        #expect(badRetries?.kind == .invalidValue)
        let badKey = failure {
            try fixture.editor.addProfile(
                ProfileDraft(name: "x", backend: "jqc", baseURL: "https://qc", settings: ["remember_password": "true"]))
        }
        #expect(badKey?.kind == .unknownKey)
        let badBackend = failure { try fixture.editor.addProfile(ProfileDraft(name: "x", backend: "jcq", baseURL: "https://qc")) }
        #expect(badBackend?.hint?.contains("did you mean 'jqc'?") == true)
        let badName = failure { try fixture.editor.addProfile(ProfileDraft(name: "../x", backend: "jqc", baseURL: "https://qc")) }
        #expect(badName?.kind == .invalidValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.paths.profilesDirectory).isEmpty)
    }

    // MARK: profile remove

    @Test func removeDeletesTheFileFieldopsWrote() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.editor.addProfile(ProfileDraft(name: "lists", backend: "il", baseURL: "https://il"))
        #expect(try fixture.editor.removeProfile(named: "lists") == .deletedFile(path))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try fixture.load().profiles.isEmpty)
    }

    @Test func removeCutsOnlyTheProfilesLinesFromAPersonsFile() throws {
        let fixture = try ConfigFixture()
        let original = """
            # my fieldops setup
            default_profile: site-a   # the usual one

            profiles:
              # inspections
              site-a:
                backend: jqc
                base_url: https://qc.example   # prod
              # the lab, remove when the trial ends
              lab-pon:
                backend: mcms
                base_url: https://mcms.lab
                http: { version: "1.1", timeout: 30s }
                # username: bob

              lists: { backend: il, base_url: "https://il" }  # feed
            http:
              retries: 3
            """ + "\n"
        try fixture.write(original)
        #expect(try fixture.editor.removeProfile(named: "lab-pon") == .editedFile(fixture.configFile))
        let expected = """
            # my fieldops setup
            default_profile: site-a   # the usual one

            profiles:
              # inspections
              site-a:
                backend: jqc
                base_url: https://qc.example   # prod

              lists: { backend: il, base_url: "https://il" }  # feed
            http:
              retries: 3
            """ + "\n"
        #expect(try fixture.read() == expected)
        #expect(try fixture.load().profileNames == ["site-a", "lists"])

        #expect(try fixture.editor.removeProfile(named: "lists") == .editedFile(fixture.configFile))
        #expect(try fixture.load().profileNames == ["site-a"])
        #expect(try fixture.read().hasSuffix("    base_url: https://qc.example   # prod\n\nhttp:\n  retries: 3\n"))
    }

    @Test func removeKeepsTheFilesPermissions() throws {
        let fixture = try ConfigFixture()
        try fixture.write("profiles:\n  a: { backend: jqc, base_url: \"https://a\" }\n  b: { backend: jqc, base_url: \"https://b\" }\n")
        chmod(fixture.configFile, 0o640)
        try fixture.editor.removeProfile(named: "a")
        var info = stat()
        stat(fixture.configFile, &info)
        #expect(info.st_mode & 0o777 == 0o640)
    }

    @Test func removeRefusesFlowStyleAndLeavesTheFileAlone() throws {
        let fixture = try ConfigFixture()
        let original = "profiles: { a: { backend: jqc, base_url: \"https://a\" }, b: { backend: il, base_url: \"https://b\" } }\n"
        try fixture.write(original)
        let error = failure { try fixture.editor.removeProfile(named: "a") }
        #expect(error?.kind == .unsafeEdit)
        #expect(error?.hint?.contains("by hand") == true)
        #expect(try fixture.read() == original)
    }

    @Test func removeOfAnUnknownProfileSuggests() throws {
        let fixture = try ConfigFixture()
        try fixture.write("profiles:\n  site-a: { backend: jqc, base_url: \"https://a\" }\n")
        let error = failure { try fixture.editor.removeProfile(named: "site-b") }
        #expect(error?.kind == .unknownProfile)
        #expect(error?.hint?.contains("did you mean 'site-a'?") == true)
    }

    // MARK: profile use

    @Test func useReplacesOnlyTheDefaultValue() throws {
        let fixture = try ConfigFixture()
        let original =
            "# top\ndefault_profile: \"a\"   # keep me\nprofiles:\n  a: { backend: jqc, base_url: \"https://a\" }\n  b-2: { backend: jqc, base_url: \"https://b\" }\n"
        try fixture.write(original)
        try fixture.editor.useProfile(named: "b-2")
        // Always the per-backend mapping now (the single value older versions wrote becomes it).
        #expect(try fixture.read() == original.replacingOccurrences(of: " \"a\"   # keep", with: "\n  jqc: b-2   # keep"))
        #expect(try fixture.load().selectProfile(explicit: nil, environment: [:], backend: "jqc").name == "b-2")
    }

    @Test func useFillsAnEmptyDefault() throws {
        let fixture = try ConfigFixture()
        try fixture.write("default_profile:\nprofiles:\n  a: { backend: jqc, base_url: \"https://a\" }\n")
        try fixture.editor.useProfile(named: "a")
        #expect(try fixture.read() == "default_profile:\n  jqc: a\nprofiles:\n  a: { backend: jqc, base_url: \"https://a\" }\n")
    }

    @Test func useInsertsOneLineAtTheTopWhenAbsent() throws {
        let fixture = try ConfigFixture()
        let original = "# mine\nprofiles:\n  a: { backend: jqc, base_url: \"https://a\" }\n"
        try fixture.write(original)
        try fixture.editor.useProfile(named: "a")
        #expect(try fixture.read() == "default_profile:\n  jqc: a\n" + original)
    }

    @Test func useCreatesTheMainFileForProfilesThatLiveInProfilesDirectory() throws {
        let fixture = try ConfigFixture()
        try fixture.editor.addProfile(ProfileDraft(name: "lists", backend: "il", baseURL: "https://il"))
        try fixture.editor.useProfile(named: "lists")
        #expect(try fixture.read() == "default_profile:\n  interlinedlist: lists\n")
        #expect(try fixture.load().selectProfile(explicit: nil, environment: [:], backend: nil).name == "lists")
    }

    @Test func useRefusesAnUnknownProfileWithoutTouchingTheFile() throws {
        let fixture = try ConfigFixture()
        let original = "profiles:\n  a: { backend: jqc, base_url: \"https://a\" }\n"
        try fixture.write(original)
        #expect(failure { try fixture.editor.useProfile(named: "b") }?.kind == .unknownProfile)
        #expect(try fixture.read() == original)
    }
}

extension ConfigEditorTests {
    // MARK: symlinks

    @Test func editsFollowASymlinkedConfigInsteadOfReplacingTheLink() throws {
        let fixture = try ConfigFixture()
        let real = fixture.root + "/dotfiles-config.yaml"
        try fixture.write("profiles:\n  a: { backend: jqc, base_url: \"https://a\" }\n", to: real)
        try FileManager.default.createSymbolicLink(atPath: fixture.configFile, withDestinationPath: real)
        try fixture.editor.useProfile(named: "a")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: fixture.configFile) == real)
        #expect(try fixture.read(real).hasPrefix("default_profile:\n  jqc: a\n"))
    }
}
