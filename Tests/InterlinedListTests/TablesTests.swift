import FieldOpsCore
import Testing

@testable import InterlinedList

/// The listing tables: which columns, in which order, with what in them.
@Suite struct TablesTests {
    @Test func listRowsFollowTheSchemaOrderAndShowUnknownKeysAfter() {
        let properties = [
            ILList.Property(propertyKey: "qty", propertyName: "Qty", propertyType: "number", displayOrder: 1),
            ILList.Property(propertyKey: "item", propertyName: "Item", propertyType: "text", displayOrder: 0, isRequired: true),
        ]
        let rows = [
            ILListRow(id: "r001", cells: ["item": "Milk", "qty": 2, "note": "semi"]),
            ILListRow(id: "r002", cells: ["item": "Bread"]),
        ]
        let table = ILTables.rows(rows, properties: properties)
        #expect(table.render(format: .plain) == "r001\tMilk\t2\tsemi\nr002\tBread\t\t\n")
        #expect(table.columns.map(\.title) == ["id", "Item", "Qty", "note"])
        #expect(ILTables.properties(properties).render(format: .plain) == "item\tItem\ttext\tyes\nqty\tQty\tnumber\tno\n")
    }

    @Test func listsShowRootAsEmptyWhetherNullOrEmptyString() {
        let table = ILTables.lists([
            ILList(id: "l002", title: "Books", isPublic: true, parentId: "", folderId: nil),
            ILList(id: "l003", title: "Sci-fi", isPublic: false, parentId: "l002", folderId: ""),
        ])
        #expect(table.render(format: .plain) == "l002\tBooks\t\t\tyes\nl003\tSci-fi\tl002\t\tno\n")
    }
}
