import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// `main` reads the environment once with `ProcessEnvironment.current()` instead of Foundation's
/// `ProcessInfo`: both must see the same variables.
/// The variables a test needs are given to a test process of its own from its start.
@Suite struct ProcessEnvironmentTests {
    @Test func matchesFoundationsView() {
        let ours = ProcessEnvironment.current()
        let foundations = ProcessInfo.processInfo.environment
        #expect(ours == foundations)
        #expect(!ours.isEmpty)
    }

    @Test(.inItsOwnProcess(environment: ["FIELDOPS_TEST_PAIR": "a=b==c"]))
    func valuesKeepEverythingAfterTheFirstEqualsSign() {
        #expect(ProcessEnvironment.current()["FIELDOPS_TEST_PAIR"] == "a=b==c")
    }

    @Test(.inItsOwnProcess(environment: ["FIELDOPS_TEST_EMPTY": ""]))
    func emptyValuesAreKept() {
        #expect(ProcessEnvironment.current()["FIELDOPS_TEST_EMPTY"] == "")
        #expect(ProcessEnvironment.current()["FIELDOPS_TEST_UNSET"] == nil)
    }

    /// Bytes no `[String: String]` can carry to a child: set here, in a process of its own.
    @Test(.inItsOwnProcess) func bytesThatAreNotUTF8AreRepaired() {
        let latin1: [CChar] = [0x63, 0x61, 0x66, CChar(bitPattern: 0xE9), 0]  // "café" in ISO 8859-1
        latin1.withUnsafeBufferPointer { _ = setenv("FIELDOPS_TEST_BYTES", $0.baseAddress!, 1) }
        defer { unsetenv("FIELDOPS_TEST_BYTES") }
        #expect(ProcessEnvironment.current()["FIELDOPS_TEST_BYTES"] == "caf\u{FFFD}")
    }
}
