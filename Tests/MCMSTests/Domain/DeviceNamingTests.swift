import FieldOpsCore
import Testing

@testable import MCMS

/// Devices named the way people type them: ids in any case, OLTs by a part of their name.
@Suite struct DeviceNamingTests {
    static let olts = [
        "70:b3:d5:52:31:27": "OLT Storgata 1", "70:b3:d5:52:31:28": "OLT Havnegata 2", "70:b3:d5:52:31:29": "OLT Kirkegata 2",
        "70:b3:d5:52:31:2a": "OLT Kirkegata 12", "70:b3:d5:52:31:2b": "OLT Ålesundsvegen 4", "70:b3:d5:52:31:2c": "東京 受付 3",
        "70:b3:d5:52:31:2d": "👩‍🔧 Sjøgata 5",
    ]

    static func resolve(_ word: String) throws(FieldOpsError) -> String {
        try OLTSelector(word, profile: "lab-pon", rerun: { "fieldops mcms onu list --olt \($0)" }).resolve(olts: olts)
    }

    // MARK: Ids in any case

    @Test func onuIdsTakeTheServicesSpelling() {
        #expect(DeviceID.onu("alph0067dba8") == "ALPH0067dba8")
        #expect(DeviceID.onu("ALPH0067DBA8") == "ALPH0067dba8")
        #expect(DeviceID.onu("ALPH0067dba8") == "ALPH0067dba8")
        // Not the vendor-and-serial shape: left for the server to judge.
        #expect(DeviceID.onu("onu-17") == "onu-17")
        #expect(DeviceID.onu("alph0067dba8x") == "alph0067dba8x")
    }

    @Test func oltMACsTakeTheServicesSpelling() {
        #expect(DeviceID.olt("70:B3:D5:52:31:2A") == "70:b3:d5:52:31:2a")
        #expect(DeviceID.olt("70-b3-d5-52-31-2A") == "70:b3:d5:52:31:2a")
        #expect(DeviceID.olt("OLT Kirkegata 2") == "OLT Kirkegata 2")
    }

    // MARK: OLTs by name

    @Test func anOLTIsFoundByMACInAnyCaseOrByPartOfItsName() throws {
        #expect(try Self.resolve("70:B3:D5:52:31:27") == "70:b3:d5:52:31:27")
        #expect(try Self.resolve("OLT Havnegata 2") == "70:b3:d5:52:31:28")
        #expect(try Self.resolve("havnegata") == "70:b3:d5:52:31:28")
        #expect(try Self.resolve("Kirkegata 2") == "70:b3:d5:52:31:29", "a whole word of a name, though “Kirkegata 12” ends alike")
        #expect(try Self.resolve("ålesundsVEGEN") == "70:b3:d5:52:31:2b")
        #expect(try Self.resolve("受付") == "70:b3:d5:52:31:2c")
        #expect(try Self.resolve("👩‍🔧") == "70:b3:d5:52:31:2d")
    }

    @Test func aPartOfSeveralNamesIsRefusedWithTheirList() {
        do {
            _ = try Self.resolve("kirkegata")
            Issue.record("an ambiguous name must be refused")
        } catch {
            #expect(error.exitCode == .usage)
            #expect(error.summary == "kirkegata matches 2 OLTs on profile lab-pon")
            #expect(error.details == ["70:b3:d5:52:31:2a  OLT Kirkegata 12", "70:b3:d5:52:31:29  OLT Kirkegata 2"])
            #expect(error.hint == "name one by its MAC: fieldops mcms onu list --olt 70:b3:d5:52:31:2a")
        }
    }

    @Test func aNameOfNoOLTIsNotFoundWithTheNearestName() {
        for (typed, meant) in [
            ("OLT Havnegta 2", "OLT Havnegata 2"), ("Kirkegate 12", "OLT Kirkegata 12"), ("Alesundsvegen", "OLT Ålesundsvegen 4"),
            ("70:b3:d5:52:31:20", "70:b3:d5:52:31:27"),
        ] {
            do {
                _ = try Self.resolve(typed)
                Issue.record("\(typed) names no OLT")
            } catch {
                #expect(error.exitCode == .failure, "\(typed)")
                #expect(error.summary.hasPrefix("no OLT with MAC or name \(typed) on "), "\(error.summary)")
                #expect(error.summary.hasSuffix("lab-pon"), "\(error.summary)")
                #expect(error.details == ["did you mean '\(meant)'?"], "\(typed)")
                #expect(error.hint == "list the OLTs: fieldops -p lab-pon mcms olt list")
            }
        }
    }

    // MARK: --name

    @Test func nameFiltersTakeAPartOfTheNameOrAGlob() {
        #expect(Glob.name("storgata").matches("Storgata 12 kiosk"))
        #expect(Glob.name("ÅLESUND").matches("Ålesundsvegen 4"))
        #expect(Glob.name("東京").matches("東京 Kirkegata 7"))
        #expect(Glob.name("Storgata ?").matches("Storgata 1"))
        #expect(!Glob.name("Storgata ?").matches("Storgata 12"))
        #expect(
            Glob.emptyMessage(name: "Storgta 12", matchedAny: false) { ["Storgata 12 kiosk", "Sjøgata 3"] }
                == "no ONU name matches Storgta 12; did you mean 'Storgata 12 kiosk'?")
        #expect(Glob.emptyMessage(name: "Storgata", matchedAny: true) { [] } == "no ONUs match")
    }
}
