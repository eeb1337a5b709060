import FieldOpsCore
import Foundation
import Testing

@testable import JQC

@Suite("Re-inspection")
struct ReinspectionTests {
    @Test func copiesNonScoringAnswersAndBlanksRatingPassFailAndPhotos() throws {
        let parent: [String: FormValue] = [
            "2": .text("Mopped"), "f_email": .text("a@b.example"), "4": .number(JSONNumber(7)),
            "5": .text("2026-04-30"), "6": .checkbox(true), "7": .list(["Soap"]), "8": .text("Poor"),
            "9": .text("Day"), "10": .rating(2), "11": .text("Fail"), "12": .text("uploads/photos/sig.png"),
            "13": .localPhoto(id: "p1"), "14": .table([["a", "b", "c"], ["d", "e", "f"]]),
            "17": .text("kept by the web app"), "19": .text("No"), "stray": .text("not in the schema"),
            "18": .text(""),
        ]
        let child = Reinspection.prepare(parentSchema: try Fixtures.schema(), parentFormData: parent)
        #expect(
            child == [
                "2": .text("Mopped"), "f_email": .text("a@b.example"), "4": .number(JSONNumber(7)),
                "5": .text("2026-04-30"), "6": .checkbox(true), "7": .list(["Soap"]), "8": .text("Poor"),
                "9": .text("Day"), "14": .table([["a", "b", "c"], ["d", "e", "f"]]),
            ])
        for blank in ["10", "11", "12", "13", "19"] { #expect(child[blank] == nil, "field \(blank) must start blank") }
    }

    @Test func reinspectionOfAnEmptyFormIsEmpty() throws {
        #expect(Reinspection.prepare(parentSchema: try Fixtures.schema(), parentFormData: [:]).isEmpty)
    }
}
