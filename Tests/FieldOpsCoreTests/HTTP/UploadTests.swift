import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Multipart forms and file bodies are streamed from disk: memory stays flat.
@Suite struct UploadTests {
    struct UploadReply: Decodable {
        struct Part: Decodable {
            var name: String?
            var filename: String?
            var contentType: String?
            var size: Int
            var sha256: String
            var value: String?

            enum CodingKeys: String, CodingKey {
                case name, filename
                case contentType = "content_type"
                case size, sha256, value
            }
        }

        var parts: [Part]
        var size: Int
        var sha256: String?
    }

    @Test func multipartCarriesFieldsAndAFileWithNameAndType() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("photo.jpg")
        try Data("not really a jpeg".utf8).write(to: URL(fileURLWithPath: path))
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            var form = MultipartForm()
            form.addField("inspection_id", "42")
            form.addField("caption", "Broken tile, room 3")
            form.addFile("photo", path: path, filename: "issue-42.jpg", contentType: "image/jpeg")
            let reply = try await session.send(HTTPRequest(.post, baseURL: emulator.baseURL, path: ["upload"], body: .multipart(form)))
                .decode(UploadReply.self)
            #expect(reply.parts.map(\.name) == ["inspection_id", "caption", "photo"])
            #expect(reply.parts[0].value == "42")
            #expect(reply.parts[1].value == "Broken tile, room 3")
            #expect(reply.parts[2].filename == "issue-42.jpg")
            #expect(reply.parts[2].contentType == "image/jpeg")
            #expect(reply.parts[2].size == 17)
        }
    }

    /// Streamed from disk and whole on arrival; how little memory it takes, `make bench`
    /// measures (bench/http.sh, peak RSS of a 200 MB upload): no RSS threshold in a test.
    @Test func fiftyMegabyteMultipartArrivesWhole() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let size = 50 << 20
        let path = try directory.makeFile("big.bin", size: size)
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession(HTTPSettings(timeout: 120, retries: 0))
            var form = MultipartForm()
            form.addField("kind", "firmware")
            form.addFile("file", path: path, contentType: "application/octet-stream")

            let reply = try await session.send(HTTPRequest(.post, baseURL: emulator.baseURL, path: ["upload"], body: .multipart(form)))
                .decode(UploadReply.self)

            #expect(reply.parts.last?.size == size)
            #expect(reply.parts.last?.filename == "big.bin")
        }
    }

    @Test func fileBodyIsStreamedAsTheWholeBody() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.makeFile("blob.bin", size: 3 << 20, byte: 0x62)
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            let request = HTTPRequest(
                .put, baseURL: emulator.baseURL, path: ["upload"], body: .file(path: path, contentType: "application/octet-stream"))
            let reply = try await session.send(request).decode(UploadReply.self)
            #expect(reply.size == 3 << 20)
            let logged = try #require(try await emulator.requests().first)
            #expect(logged.method == "PUT")
            #expect(logged.header("Content-Type") == "application/octet-stream")
        }
    }

    @Test func missingFileIsReportedByPath() async throws {
        try await withEmulator(script: "http_test_server") { emulator in
            let session = try testSession()
            await #expect(throws: HTTPError.unreadableFile(path: "/nonexistent/photo.jpg", reason: "No such file or directory")) {
                _ = try await session.send(
                    HTTPRequest(
                        .post, baseURL: emulator.baseURL, path: ["upload"], body: .file(path: "/nonexistent/photo.jpg", contentType: nil)))
            }
            var form = MultipartForm()
            form.addFile("file", path: "/nonexistent/photo.jpg")
            await #expect(throws: HTTPError.unreadableFile(path: "/nonexistent/photo.jpg", reason: "No such file or directory")) {
                _ = try await session.send(HTTPRequest(.post, baseURL: emulator.baseURL, path: ["upload"], body: .multipart(form)))
            }
            #expect(try await emulator.requests().isEmpty)
        }
    }
}
