import FieldOpsCore
import Foundation
import Testing

/// Typed decoding of answers, with errors that name the failing key path.
@Suite struct DecodingTests {
    struct Envelope: Decodable {
        struct Item: Decodable { var name: String }
        var items: [Item]
    }

    private func response(_ json: String, status: Int = 200, type: String = "application/json") -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": type], body: Data(json.utf8), url: "http://h/api/v1/items")
    }

    @Test func decodesAMatchingBody() throws {
        let envelope = try response("{\"items\":[{\"name\":\"a\"},{\"name\":\"b\"}]}").decode(Envelope.self)
        #expect(envelope.items.map(\.name) == ["a", "b"])
    }

    @Test func mismatchNamesThePath() {
        #expect(throws: HTTPError.decoding(url: "http://h/api/v1/items", path: "items[1].name", reason: "missing key \"name\"")) {
            _ = try response("{\"items\":[{\"name\":\"a\"},{\"title\":\"b\"}]}").decode(Envelope.self)
        }
        do {
            _ = try response("{\"items\":[{\"name\":3}]}").decode(Envelope.self)
        } catch {
            #expect(error.summary.contains("at items[0].name"))
        }
    }

    @Test func htmlBodyIsNotParsedAsJSON() {
        do {
            _ = try response("<html><body>login</body></html>", type: "text/html").decode(Envelope.self)
            Issue.record("HTML decoded")
        } catch {
            #expect(error.summary.contains("the server answered HTML instead of JSON"))
        }
    }

    @Test func errorStatusWinsOverDecoding() {
        #expect(throws: HTTPError.self) {
            _ = try response("{\"error\":\"nope\"}", status: 404).decode(Envelope.self)
        }
        do {
            _ = try response("{\"error\":\"nope\"}", status: 404).decode(Envelope.self)
        } catch {
            guard case .status(let failure) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(failure.serverMessage == "nope")
        }
    }
}
