import Testing

@testable import FieldOpsCore

@Suite struct ExitCodeTests {
    @Test func documentedCodesAreStable() {
        #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 130, 141])
    }
}
