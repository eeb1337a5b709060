import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Verification is always on; `ca_file` adds a private CA to system trust.
@Suite struct TLSTests {
    /// An emulator serving the process's shared certificate, or a certificate of its own
    /// valid for `days` with `names` when a test gives them.
    private func withTLSEmulator(
        days: Int? = nil, names: [String]? = nil, _ body: (Emulator, TestCertificates) async throws -> Void
    ) async throws {
        let certificates =
            days == nil && names == nil
            ? try TestCertificates.shared
            : try TestCertificates.generate(days: days ?? 2, names: names ?? ["IP:127.0.0.1", "DNS:localhost"])
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

    /// The certificate is trusted (its CA is in http.ca_file) but wrong in another way: the
    /// refusal stays, and the message names the cause and a fix that fits it; the ca_file advice,
    /// which fixes neither, is not given.
    @Test(arguments: [
        (-1, ["IP:127.0.0.1"], "its certificate has expired (this machine's date is", "must renew its certificate"),
        (
            2, ["DNS:qc.sjøgata.example", "DNS:pon.example.net"], "its certificate was issued for another name",
            "127.0.0.1 is not among them"
        ),
    ])
    func aTrustedCertificateThatIsWrongOtherwiseSaysWhy(days: Int, names: [String], cause: String, fix: String) async throws {
        try await withTLSEmulator(days: days, names: names.map { $0.replacingOccurrences(of: "ø", with: "o") }) { emulator, certificates in
            let session = try testSession(HTTPSettings(caFile: certificates.caFile, retries: 0))
            do {
                _ = try await session.send(HTTPRequest(baseURL: emulator.baseURL, path: ["small"]))
                Issue.record("a wrong certificate was accepted")
            } catch let error as HTTPError {
                guard case .tls = error else {
                    Issue.record("expected a TLS failure, got \(error)")
                    return
                }
                #expect(error.summary.contains(cause), "\(error.summary)")
                #expect(error.hint?.contains(fix) == true, "\(error.hint ?? "")")
                #expect(error.hint?.contains("cannot fix") == true)
                #expect(error.hint?.contains("set http.ca_file") == false)
            }
        }
    }

    @Test func unreadableCAFileIsReportedUpFront() throws {
        #expect(throws: HTTPError.self) {
            _ = try testSession(HTTPSettings(caFile: "/nonexistent/ca.pem"))
        }
    }
}
