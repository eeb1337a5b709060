import FieldOpsCore
import Foundation
import Testing

/// `main` reads the environment once with `ProcessEnvironment.current()` instead of Foundation's
/// `ProcessInfo`: both must see the same variables.
@Suite(.serialized) struct ProcessEnvironmentTests {
    /// TZ is left out: `TimestampTests` sets it, and suites may run side by side.
    @Test func matchesFoundationsView() {
        let ours = ProcessEnvironment.current().filter { $0.key != "TZ" }
        let foundations = ProcessInfo.processInfo.environment.filter { $0.key != "TZ" }
        #expect(ours == foundations)
        #expect(!ours.isEmpty)
    }

    @Test func valuesKeepEverythingAfterTheFirstEqualsSign() {
        setenv("FIELDOPS_TEST_PAIR", "a=b==c", 1)
        defer { unsetenv("FIELDOPS_TEST_PAIR") }
        #expect(ProcessEnvironment.current()["FIELDOPS_TEST_PAIR"] == "a=b==c")
    }

    @Test func emptyValuesAreKept() {
        setenv("FIELDOPS_TEST_EMPTY", "", 1)
        defer { unsetenv("FIELDOPS_TEST_EMPTY") }
        #expect(ProcessEnvironment.current()["FIELDOPS_TEST_EMPTY"] == "")
        #expect(ProcessEnvironment.current()["FIELDOPS_TEST_UNSET"] == nil)
    }

    @Test func bytesThatAreNotUTF8AreRepaired() {
        let latin1: [CChar] = [0x63, 0x61, 0x66, CChar(bitPattern: 0xE9), 0]  // "café" in ISO 8859-1
        latin1.withUnsafeBufferPointer { _ = setenv("FIELDOPS_TEST_BYTES", $0.baseAddress!, 1) }
        defer { unsetenv("FIELDOPS_TEST_BYTES") }
        #expect(ProcessEnvironment.current()["FIELDOPS_TEST_BYTES"] == "caf\u{FFFD}")
    }
}
