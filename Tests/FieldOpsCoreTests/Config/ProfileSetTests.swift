import Foundation
import Testing

@testable import FieldOpsCore

/// `--profiles PATTERN[,PATTERN…]` and `profile_sets:`: names, globs and `@SET`, resolved to the
/// profiles of one backend in the order the configuration lists them, or refused with the reason.
@Suite struct ProfileSetTests {
    private let profiles = """
        profiles:
          site-alesund: { backend: mcms, base_url: "https://pon.aalesund.example" }
          site-bergen: { backend: mcms, base_url: "https://pon.bergen.example" }
          site-oslo: { backend: mcms, base_url: "https://pon.oslo.example" }
          lab-pon: { backend: mcms, base_url: "https://pon.lab.example" }
          site-kontor: { backend: jqc, base_url: "https://qc.example" }

        """

    private func names(_ patterns: [String], _ sets: String = "") throws -> [String] {
        let fixture = try ConfigFixture()
        try fixture.write(sets + profiles)
        return try fixture.load().profiles(matching: patterns, backend: "mcms").map(\.name)
    }

    private func failure(_ patterns: [String], _ sets: String = "") -> ConfigError? {
        do {
            _ = try names(patterns, sets)
            return nil
        } catch {
            return error as? ConfigError
        }
    }

    @Test func globsKeepTheBackendsProfilesInConfigurationOrder() throws {
        #expect(try names(["site-*"]) == ["site-alesund", "site-bergen", "site-oslo"])
        #expect(try names(["SITE-[ab]*"]) == ["site-alesund", "site-bergen"])
        #expect(try names(["site-oslo,lab-pon", "site-oslo"]) == ["site-oslo", "lab-pon"])
        #expect(try names(["site-a*"]) == ["site-alesund"])
    }

    @Test func aSetNamesProfilesAndGlobsInAListOrOneLine() throws {
        let sets = "profile_sets:\n  north: [site-alesund, 'site-b*']\n  lab: lab-pon, site-oslo\n  all: ['@north', '@lab']\n"
        #expect(try names(["@north"], sets) == ["site-alesund", "site-bergen"])
        #expect(try names(["@lab"], sets) == ["site-oslo", "lab-pon"])
        #expect(try names(["@all"], sets) == ["site-alesund", "site-bergen", "site-oslo", "lab-pon"])
    }

    @Test func whatNamesNoProfileIsRefusedWithTheReason() throws {
        let sets = "profile_sets:\n  north: [site-alesund, site-tromso]\n  loop: ['@loop']\n"
        let unknownSet = try #require(failure(["@nort"], sets))
        #expect(unknownSet.summary == "unknown profile set '@nort'")
        #expect(unknownSet.hint?.contains("did you mean '@north'?") == true)
        let unknownMember = try #require(failure(["@north"], sets))
        #expect(unknownMember.summary.contains("in profile set '@north'"))
        #expect(unknownMember.summary.contains("unknown profile 'site-tromso'"))
        let loop = try #require(failure(["@loop"], sets))
        #expect(loop.summary.contains("contains itself"))
        let noMatch = try #require(failure(["tromsø-*"]))
        #expect(noMatch.summary == "no mcms profile matches 'tromsø-*'")
        #expect(noMatch.details == ["mcms profiles: site-alesund, site-bergen, site-oslo, lab-pon"])
        let otherBackend = try #require(failure(["site-kontor"]))
        #expect(otherBackend.kind == .wrongBackend)
        #expect(failure([" , "])?.kind == .noProfile)
        #expect(otherBackend.exitCode == .usage)
    }

    @Test func aSetThatIsAMappingIsAConfigurationError() throws {
        let fixture = try ConfigFixture()
        try fixture.write("profile_sets:\n  north: { a: site-oslo }\n" + profiles)
        #expect(throws: ConfigError.self) { try fixture.load() }
    }
}
