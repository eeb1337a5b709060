import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Verification is always on; `ca_file` adds a private CA to system trust.
@Suite struct TLSTests {
    private func withTLSEmulator(_ body: (Emulator, TestCertificates) async throws -> Void) async throws {
        let certificates = try TestCertificates.generate()
        defer { certificates.remove() }
        try await withEmulator(
            script: "http_test_server",
            arguments: ["--tls-cert", certificates.serverCertificate, "--tls-key", certificates.serverKey]
        ) { emulator in
            try await body(emulator, certificates)
        }
    }

    @Test func selfSignedServerIsRejectedByDefault() async throws {
        try await withTLSEmulator { emulator, _ in
            #expect(emulator.baseURL.hasPrefix("https://127.0.0.1:"))
            let session = try testSession()
            do {
                _ = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
                Issue.record("an unknown CA was trusted")
            } catch let error as HTTPError {
                guard case .tls(let host, _) = error else {
                    Issue.record("expected a TLS failure, got \(error)")
                    return
                }
                #expect(emulator.baseURL.hasSuffix(host))
                #expect(error.hint?.contains("http.ca_file") == true)
            }
        }
    }

    @Test func caFileMakesTheServerTrusted() async throws {
        try await withTLSEmulator { emulator, certificates in
            let session = try testSession(HTTPSettings(caFile: certificates.caFile, retries: 0))
            let response = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
            #expect(response.status == 200)
            // The server offers only http/1.1 in ALPN, so `auto` settles on it.
            #expect(response.httpVersion == "1.1")
        }
    }

    @Test func tlsConnectionIsReusedAcrossRequests() async throws {
        try await withTLSEmulator { emulator, certificates in
            let session = try testSession(HTTPSettings(version: .http11, caFile: certificates.caFile, retries: 0))
            for _ in 0..<3 {
                try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"])).requireSuccess()
            }
            let connections = try await emulator.requests().map(\.connection)
            #expect(connections.count == 3)
            #expect(Set(connections).count == 1)
        }
    }

    @Test func aDifferentCAIsRejected() async throws {
        let other = try TestCertificates.generate(name: "some other CA")
        defer { other.remove() }
        try await withTLSEmulator { emulator, _ in
            let session = try testSession(HTTPSettings(caFile: other.caFile, retries: 0))
            await #expect {
                _ = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
            } throws: { error in
                guard let error = error as? HTTPError, case .tls = error else { return false }
                return true
            }
        }
    }

    @Test func unreadableCAFileIsReportedUpFront() throws {
        #expect(throws: HTTPError.self) {
            _ = try testSession(HTTPSettings(caFile: "/nonexistent/ca.pem"))
        }
    }
}
