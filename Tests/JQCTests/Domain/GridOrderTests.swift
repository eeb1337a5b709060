import Foundation
import Testing

@testable import JQC

@Suite("Grid order")
struct GridOrderTests {
    @Test func walksByRowThenColumnThenOrder() throws {
        let schema = try FormSchema(
            jsonData: Data(
                #"""
                [{"id": "c", "type": "text", "row": 2, "col": 0},
                 {"id": "b", "type": "text", "row": 1, "col": 6},
                 {"id": "a", "type": "section", "row": 1, "col": 0},
                 {"id": "e", "type": "text", "row": 2, "col": 6, "order": 2},
                 {"id": "d", "type": "text", "row": 2, "col": 6, "order": 1},
                 {"id": "z", "type": "text"}]
                """#.utf8))
        #expect(schema.fieldsInGridOrder.map(\.id) == ["a", "b", "c", "d", "e", "z"])
        #expect(schema.inputFields.map(\.id) == ["b", "c", "d", "e", "z"])
        #expect(schema.fields.map(\.id) == ["c", "b", "a", "e", "d", "z"], "list order is kept for scoring")
    }

    @Test func fieldsWithoutPositionKeepOrderThenListPosition() throws {
        let schema = try FormSchema(
            jsonData: Data(
                #"""
                [{"id": 1, "type": "text", "order": 3}, {"id": 2, "type": "text"}, {"id": 3, "type": "text", "order": 1}, {"id": 4, "type": "text"}]
                """#.utf8))
        #expect(schema.fieldsInGridOrder.map(\.id) == ["3", "1", "2", "4"])
    }
}
