import FieldOpsCore
import Foundation
import Testing

@testable import InterlinedList

/// Responses decode defensively and keep the server's raw parent values.
@Suite struct ModelDecodingTests {
    @Test func feedPageDecodesTheDocumentedShape() throws {
        let json = #"""
            {"messages":[{"id":"m080","userId":"u_ada","content":"Hello","publiclyVisible":true,"imageUrls":[],"videoUrls":[],
              "tags":["swift"],"crossPostUrls":[],"scheduledAt":null,"createdAt":"2026-01-03T00:43:00.000Z",
              "updatedAt":"2026-01-03T00:43:00.000Z","user":{"id":"u_ada","username":"ada","displayName":"Ada Lovelace","avatar":null},
              "dugByMe":true}],"pagination":{"total":61,"limit":1,"offset":0,"hasMore":true}}
            """#
        let page = try ILJSON.decode(ILFeedPage.self, from: Data(json.utf8))
        #expect(page.messages.first?.authorName == "Ada Lovelace")
        #expect(page.messages.first?.dugByMe == true)
        #expect(page.pagination?.hasMore == true)
    }

    @Test func oddArrayElementsAndMissingFieldsDoNotHideAMessage() throws {
        let json = #"{"id":"m1","content":"x","tags":["ok",3,null],"imageUrls":null,"createdAt":"2026-01-01T00:00:00.000Z","user":null}"#
        let message = try ILJSON.decode(ILMessage.self, from: Data(json.utf8))
        #expect(message.tags == ["ok"])
        #expect(message.imageUrls.isEmpty)
        #expect(message.publiclyVisible)
    }

    @Test func listsKeepRawParentsAndNormalizeForTheTree() throws {
        let json =
            #"{"lists":[{"id":"l003","title":"Science fiction","parentId":"l002","folderId":""},{"id":"l002","title":"Books","parentId":"","folderId":null}]}"#
        let page = try ILJSON.decode(ILListsPage.self, from: Data(json.utf8))
        #expect(page.lists[0].folderId == "")
        #expect(page.lists[0].folderID == nil)
        #expect(page.lists[1].parentId == "")
        #expect(page.lists[1].parentListID == nil)
        #expect(page.lists[0].parentListID == "l002")
    }

    @Test func rowCellsKeepTheirJSONTypesAndDigits() throws {
        let json = #"{"id":"r001","listId":"l001","rowData":{"item":"Milk","qty":2,"done":false,"w":1.50,"tags":["a"]}}"#
        let row = try #require(ILListRow(json: try JSONValue(parsing: json)))
        let cells = ILTables.rows([row], properties: []).render(format: .plain)
        #expect(cells == "r001\tMilk\t2\tfalse\t1.50\t[\"a\"]\n")
    }
}
