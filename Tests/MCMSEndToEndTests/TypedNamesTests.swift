import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// Devices named as people type them, against the emulator's world-named fleet: ids in any case,
/// OLTs by a part of their name, ONU names by a part, near misses answered with the name meant.
@Suite struct TypedNamesTests {
    /// The names the four OLTs are given: two that share a street, a Norwegian letter, CJK.
    static let oltNames = ["OLT Kirkegata 2", "OLT Kirkegata 12", "Ålesundsvegen 4", "東京 受付 3"]

    /// A world-named fleet whose OLTs are called `oltNames`, in the order of `olt_ids`.
    func fleet() async throws -> (harness: MCMSHarness, macs: [String]) {
        let harness = try await MCMSHarness(onus: 24, arguments: ["--names", "world"])
        try await harness.login()
        let macs = (try await harness.state()["olt_ids"]?.arrayValue ?? []).compactMap(\.stringValue)
        for (mac, name) in zip(macs, Self.oltNames) {
            var config = try JSONValue(parsing: try await harness.rawConfig(mac))
            try config.set(.string(name), at: ["OLT", "Name"])
            try await harness.putRaw("config", mac, config.jsonString())
        }
        return (harness, macs)
    }

    func listedOLTs(_ result: CommandOutcome) throws -> Set<String> {
        Set((try JSONValue(parsing: result.stdout).arrayValue ?? []).compactMap { $0["olt_mac"]?.stringValue })
    }

    // MARK: Ids in any case

    @Test func onuAndOLTIdsAreTakenInAnyCase() async throws {
        let (harness, macs) = try await fleet()
        let id = try #require(try await harness.onuIDs().first)
        let typed = id.lowercased()
        #expect(typed != id, "the emulator's ids have a capital vendor")

        let show = await harness.run(["mcms", "onu", "show", typed, "--json"])
        #expect(show.exitCode == 0, "\(show.stderr)")
        #expect(try JSONValue(parsing: show.stdout)["id"]?.stringValue == id)
        let note = await harness.run(["--yes", "mcms", "onu", "note", typed.uppercased(), "nøkkel hos vaktmester, 2. etg"])
        #expect(note.exitCode == 0, "\(note.stderr)")
        #expect(
            try JSONValue(parsing: try await harness.rawConfig(id))["ONU"]?["Custom Note"]?.stringValue == "nøkkel hos vaktmester, 2. etg")
        #expect(await harness.run(["mcms", "onu", "config", typed]).exitCode == 0)
        #expect(await harness.run(["mcms", "onu", "firmware", "status", typed]).exitCode == 0)
        #expect(await harness.run(["mcms", "olt", "show", macs[0].uppercased()]).exitCode == 0)
        let reset = await harness.run(["--yes", "mcms", "onu", "reset", "--ids", typed, "--json"])
        #expect(reset.exitCode == 0, "\(reset.stderr)")

        // An id the fleet lacks, typed in lower case, is named in the service's spelling.
        let missing = await harness.run(["mcms", "onu", "show", "alph0067dba8"])
        #expect(missing.exitCode == 1)
        #expect(missing.stderr.contains("no ONU ALPH0067dba8 on "), "\(missing.stderr)")
    }

    // MARK: --olt by name

    @Test func oltIsFoundByAPartOfItsNameInAnyScript() async throws {
        let (harness, macs) = try await fleet()
        for (typed, mac) in [("Kirkegata 2", macs[0]), ("kirkegata 12", macs[1]), ("ÅLESUNDSVEGEN", macs[2]), ("受付", macs[3])] {
            let result = await harness.run(["mcms", "onu", "list", "--olt", typed, "--json"])
            #expect(result.exitCode == 0, "\(typed): \(result.stderr)")
            #expect(try listedOLTs(result) == [mac], "\(typed)")
        }
        let alarms = await harness.run(["mcms", "alarms", "--olt", "東京", "--json"])
        #expect(alarms.exitCode == 0, "\(alarms.stderr)")
    }

    @Test func aPartOfSeveralOLTNamesIsRefusedWithTheCandidates() async throws {
        let (harness, macs) = try await fleet()
        for command in [["mcms", "onu", "list"], ["mcms", "alarms"], ["--yes", "mcms", "onu", "reset"]] {
            let result = await harness.run(command + ["--olt", "kirkegata"])
            #expect(result.exitCode == 2, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("kirkegata matches 2 OLTs on profile lab"), "\(result.stderr)")
            #expect(result.stderr.contains("\(macs[0])  OLT Kirkegata 2") && result.stderr.contains("\(macs[1])  OLT Kirkegata 12"))
            #expect(result.stderr.contains("hint: name one by its MAC: fieldops "), "\(result.stderr)")
        }
        #expect(try await harness.writes().isEmpty, "an ambiguous reset resets nothing")
    }

    @Test func anOLTNameOfNoOLTSaysWhichWasMeant() async throws {
        let (harness, _) = try await fleet()
        let result = await harness.run(["mcms", "onu", "list", "--olt", "Kirkegate 12"])
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("no OLT with MAC or name Kirkegate 12 on "), "\(result.stderr)")
        #expect(result.stderr.contains("did you mean 'OLT Kirkegata 12'?"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: list the OLTs: fieldops -p lab mcms olt list"), "\(result.stderr)")
    }

    // MARK: --name

    @Test func onuNamesMatchByAPartOfTheName() async throws {
        let (harness, _) = try await fleet()
        let listing = try JSONValue(parsing: await harness.run(["mcms", "onu", "list", "--json"]).stdout).arrayValue ?? []
        let names = listing.compactMap { $0["name"]?.stringValue }.filter { !$0.isEmpty }
        for part in ["東京", "👩‍🔧", "ålesundsvegen"] {
            let expected = Set(names.filter { NameMatch.contains($0, part) })
            let result = await harness.run(["mcms", "onu", "list", "--name", part, "--json"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            let found = Set((try JSONValue(parsing: result.stdout).arrayValue ?? []).compactMap { $0["name"]?.stringValue })
            #expect(found == expected, "\(part)")
        }
        let named = try #require(names.first { $0.contains("Kirkegata") || $0.contains("Storgata") })
        let street = named.contains("Kirkegata") ? "Kirkegata" : "Storgata"
        let typo = street == "Kirkegata" ? "Kirkegta" : "Storgta"
        let miss = await harness.runOnTerminal(["mcms", "onu", "list", "--name", typo])
        #expect(miss.exitCode == 0)
        #expect(miss.stderr.contains("no ONU name matches \(typo); did you mean '"), "\(miss.stderr)")
    }

    // MARK: Completion

    @Test func renamingAnONUUpdatesItsCompletion() async throws {
        let (harness, _) = try await fleet()
        #expect(await harness.run(["mcms", "onu", "list"]).exitCode == 0)
        let id = try #require(try await harness.onuIDs().first)
        let rename = await harness.run(["--yes", "mcms", "onu", "rename", id.lowercased(), "Sjøgata 7 “Kvartal” 東京"])
        #expect(rename.exitCode == 0, "\(rename.stderr)")
        let completion = await harness.run(["__complete", "mcms", "onu", "show", String(id.prefix(8))])
        #expect(completion.stdout.contains("\(id)\tSjøgata 7 “Kvartal” 東京\n"), "\(completion.stdout)")
    }
}
