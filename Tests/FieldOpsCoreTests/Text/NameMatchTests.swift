import Testing

@testable import FieldOpsCore

/// Records found by the part of their name a person types, in any case and script.
@Suite struct NameMatchTests {
    static let names = ["OLT Kirkegata 2", "OLT Kirkegata 12", "Ålesundsvegen 4", "東京 受付", "café Strandvegen", "👩‍🔧 Sjøgata 5"]

    func selected(_ typed: String) -> String? {
        if case .one(let name) = NameMatch.select(typed, among: Self.names, name: { $0 }) { return name }
        return nil
    }

    @Test func aWholeNameWinsOverNamesThatContainIt() {
        #expect(selected("olt kirkegata 2") == "OLT Kirkegata 2")
        #expect(selected("Kirkegata 12") == "OLT Kirkegata 12")
    }

    @Test func aPartOfOneNameSelectsItIgnoringCase() {
        #expect(selected("ÅLESUND") == "Ålesundsvegen 4")
        #expect(selected("受付") == "東京 受付")
        #expect(selected("👩‍🔧") == "👩‍🔧 Sjøgata 5")
        // A precomposed é finds the name written with a combining accent, and the other way round.
        #expect(selected("CAFE\u{301}") == "café Strandvegen")
    }

    @Test func aPartOfSeveralNamesIsAmbiguous() {
        guard case .ambiguous(let names) = NameMatch.select("kirkegata", among: Self.names, name: { $0 }) else {
            Issue.record("kirkegata is in two names")
            return
        }
        #expect(names == ["OLT Kirkegata 2", "OLT Kirkegata 12"])
    }

    @Test func nothingMatchingSuggestsTheNearMiss() {
        guard case .none(let suggestion) = NameMatch.select("Kirkegate 12", among: Self.names, name: { $0 }) else {
            Issue.record("Kirkegate is in no name")
            return
        }
        #expect(suggestion == "OLT Kirkegata 12")
        #expect(NameMatch.nearMiss("Alesundsvegen", in: Self.names) == "Ålesundsvegen 4")
        #expect(NameMatch.nearMiss("Trondheim", in: Self.names) == nil)
        #expect(NameMatch.nearMiss("xyz", in: Self.names) == nil)
    }
}
