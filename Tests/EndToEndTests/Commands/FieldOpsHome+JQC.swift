import FieldOpsTestSupport
import Testing

extension FieldOpsHome {
    /// Profile `p` of the JQC emulator at `baseURL` (no retries), logged in as its inspector
    /// and synced once: a store with the reference data, for the cross-backend tests.
    func syncJQC(at baseURL: String) throws {
        try writeProfile(backend: "jqc", baseURL: baseURL, username: "inspector", http: "{ retries: 0 }")
        try #require(try logIn(password: "secret123").exitCode == 0)
        try #require(try runBinary(["-p", "p", "jqc", "sync"]).exitCode == 0)
    }
}
