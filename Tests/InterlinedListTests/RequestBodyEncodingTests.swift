import FieldOpsCore
import Foundation
import Testing

@testable import InterlinedList

/// Every body the CLI sends goes through `ILJSON` and is camelCase.
@Suite struct RequestBodyEncodingTests {
    /// One fully populated value of every request body type (every optional set, so every key appears).
    static let everyBody: [any ILRequestBody] = [
        ILSignIn(email: "ada@example.com", password: "lovelace1"),
        ILNewMessage(content: "hi", publiclyVisible: false, tags: ["swift"], parentId: "m001", scheduledAt: "2026-01-01T00:00:00.000Z"),
        ILNewList(title: "Books", description: "to read", isPublic: true, parentId: "l002", schema: "title: x\n---\nname: text"),
        ILNewDocument(title: "Notes", content: "# Notes", relativePath: "notes.md", isPublic: false),
        ILDocumentMove(folderId: "df1"),
        ILDocumentMove(folderId: nil),
    ]

    static func keys(of body: any ILRequestBody) throws -> [String] {
        allKeys(try JSONValue(parsing: try ILJSON.encode(body)))
    }

    /// Every key of `value` and of the objects nested in it.
    static func allKeys(_ value: JSONValue) -> [String] {
        switch value {
        case .object(let object): return object.keys + object.map { allKeys($0.value) }.joined()
        case .array(let items): return items.flatMap(allKeys)
        default: return []
        }
    }

    @Test func noRequestBodyHasASnakeCaseKey() throws {
        for body in Self.everyBody {
            let keys = try Self.keys(of: body)
            #expect(!keys.isEmpty)
            #expect(keys.allSatisfy { !$0.contains("_") }, "\(type(of: body)) has keys \(keys)")
        }
    }

    @Test func keysAreTheCamelCaseNamesTheServerReads() throws {
        #expect(Set(try Self.keys(of: Self.everyBody[1])) == ["content", "publiclyVisible", "tags", "parentId", "scheduledAt"])
        #expect(Set(try Self.keys(of: Self.everyBody[2])) == ["title", "description", "isPublic", "parentId", "schema"])
        #expect(Set(try Self.keys(of: Self.everyBody[3])) == ["title", "content", "relativePath", "isPublic"])
    }

    @Test func moveToRootSendsAnExplicitNullFolderId() throws {
        let text = String(decoding: try ILJSON.encode(ILDocumentMove(folderId: nil)), as: UTF8.self)
        #expect(text == #"{"folderId":null}"#)
        let intoFolder = String(decoding: try ILJSON.encode(ILDocumentMove(folderId: "df2")), as: UTF8.self)
        #expect(intoFolder == #"{"folderId":"df2"}"#)
    }

    @Test func absentOptionalFieldsAreLeftOutSoServerDefaultsApply() throws {
        let text = String(decoding: try ILJSON.encode(ILNewMessage(content: "plain")), as: UTF8.self)
        #expect(text == #"{"content":"plain"}"#)
    }

    @Test func newDocumentHasNoFolderIdBecauseTheRouteChoosesTheFolder() throws {
        let keys = try Self.keys(of: ILNewDocument(title: "t", content: "c"))
        #expect(!keys.contains("folderId"))
    }
}
