import FieldOpsCore
import Testing

/// The one "did you mean" matcher: how close a typo must be, per tolerance and case rule.
@Suite struct SuggestionsTests {
    // MARK: - Words (commands, options, keys)

    @Test func wordsAllowMoreEditsAsTheyGrowLonger() {
        #expect(Suggestions.closest(to: "jqx", in: ["jqc", "mcms"]) == "jqc")
        #expect(Suggestions.closest(to: "ab", in: ["cd", "ef"]) == nil)
        #expect(Suggestions.closest(to: "stauts", in: ["status", "sync"]) == "status")
        #expect(Suggestions.closest(to: "firmwear", in: ["firmware", "fetch"]) == "firmware")
        #expect(Suggestions.closest(to: "zzzzzz", in: ["status", "sync"]) == nil)
    }

    @Test func aWordThatBeginsOnlyOneCandidateFindsIt() {
        #expect(Suggestions.closest(to: "inter", in: ["interlinedlist", "jqc"]) == "interlinedlist")
        #expect(Suggestions.closest(to: "in", in: ["inspect", "install"]) == nil)
    }

    @Test func wordsAreCaseSensitiveUnlessAskedOtherwise() {
        #expect(Suggestions.closest(to: "BASE_URL", in: ["base_url", "timeout"]) == nil)
        #expect(Suggestions.closest(to: "BASE_URL", in: ["base_url", "timeout"], ignoringCase: true) == "base_url")
        #expect(Suggestions.closest(to: "Base_Urll", in: ["base_url", "timeout"], ignoringCase: true) == "base_url")
    }

    // MARK: - Phrases (labels and option values people type)

    @Test func phrasesAllowAThirdOfTheirLengthAndAtLeastTwoEdits() {
        let options = ["Good", "Acceptable", "Poor"]
        #expect(Suggestions.closest(to: "Gd", in: options, ignoringCase: true, tolerance: .phrase) == "Good")
        #expect(Suggestions.closest(to: "Gd", in: options, ignoringCase: true) == nil)
        #expect(Suggestions.closest(to: "Passed", in: ["Pass", "Fail", "N/A"], ignoringCase: true, tolerance: .phrase) == "Pass")
        #expect(
            Suggestions.closest(to: "restroom cleanlines", in: ["2", "Restroom cleanliness"], ignoringCase: true, tolerance: .phrase)
                == "Restroom cleanliness")
        #expect(Suggestions.closest(to: "zzzzzzzz", in: ["Floors", "Odor"], ignoringCase: true, tolerance: .phrase) == nil)
    }

    @Test func surroundingSpacesAndEmptyTextAreIgnored() {
        #expect(Suggestions.closest(to: "  odor ", in: ["Floors", "Odor"], ignoringCase: true, tolerance: .phrase) == "Odor")
        #expect(Suggestions.closest(to: "", in: ["5", "12"], ignoringCase: true, tolerance: .phrase) == nil)
    }
}
