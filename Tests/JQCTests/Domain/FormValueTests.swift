import FieldOpsCore
import Foundation
import Testing

@testable import JQC

@Suite("Form values")
struct FormValueTests {
    // MARK: - JSON shapes

    @Test func formDataRoundTripsInTheContractShapes() throws {
        let text =
            #"{"10":4,"12":"local://A1B2","13":"uploads/photos/x.jpg","14":[["a","b","c"],["d","e","f"]],"4":12.50,"6":"true","7":["Soap","Bags"],"8":"Good","x":{"nested":[1,true]},"y":null,"z":true}"#
        let values = try FormData.decode(Data(text.utf8))
        #expect(values["10"] == .rating(4))
        #expect(values["4"] == .number(JSONNumber(lexeme: "12.50")!))
        #expect(values["6"] == .checkbox(true))
        #expect(values["7"] == .list(["Soap", "Bags"]))
        #expect(values["14"] == .table([["a", "b", "c"], ["d", "e", "f"]]))
        #expect(values["12"]?.localPhotoID == "A1B2")
        #expect(values["y"] == .null)
        #expect(values["z"] == .bool(true))
        if case .other = values["x"] {} else { Issue.record("an object should be kept as .other") }
        #expect(FormData.jsonText(values) == text)
    }

    @Test func codableUsesTheSameShapes() throws {
        let values: [String: FormValue] = ["1": .rating(3), "2": .list(["a"]), "3": .table([["x"]]), "4": .checkbox(false)]
        let data = try JSONEncoder().encode(values)
        let back = try JSONDecoder().decode([String: FormValue].self, from: data)
        #expect(back == values)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["1"] as? Int == 3)
        #expect(object["4"] as? String == "false")
    }

    @Test func formDataMustBeAnObject() {
        #expect(throws: (any Error).self) { _ = try FormData.decode(Data("[1]".utf8)) }
        #expect((try? FormData.decode(Data("null".utf8))) == [:])
    }

    // MARK: - Submission

    @Test func localPhotoReferencesBecomeEmptyForSubmission() {
        let values: [String: FormValue] = ["12": .localPhoto(id: "p1"), "13": .text("uploads/photos/y.png"), "2": .text("local notes")]
        let sent = FormData.forSubmission(values)
        #expect(sent["12"] == .text(""))
        #expect(sent["13"] == .text("uploads/photos/y.png"))
        #expect(sent["2"] == .text("local notes"))
        #expect(FormData.localPhotoReferences(values) == ["12": "p1"])
    }

    // MARK: - Answered

    @Test func answeredFollowsEachFieldType() throws {
        let s = try Fixtures.schema()
        func answered(_ id: String, _ v: FormValue) throws -> Bool { v.isAnswered(for: try #require(s.field(withID: id))) }
        #expect(try answered("2", .text("x")))
        #expect(try !answered("2", .text("   ")))
        #expect(try answered("6", .checkbox(false)))
        #expect(try answered("6", .bool(true)))
        #expect(try !answered("6", .text("")))
        #expect(try !answered("10", .rating(0)))
        #expect(try answered("10", .rating(1)))
        #expect(try !answered("11", .text("")))
        #expect(try answered("12", .localPhoto(id: "p")))
        #expect(try !answered("7", .list([])))
        #expect(try !answered("14", .table([["", ""], [" ", ""]])))
        #expect(try answered("14", .table([["", "x"]])))
        #expect(try !answered("1", .text("anything")))
        #expect(try !answered("17", .text("anything")))
    }
}
