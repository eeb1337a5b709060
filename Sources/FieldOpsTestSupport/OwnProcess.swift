import Foundation
import Testing

/// A test that changes what its process holds for every thread — an environment variable, the
/// time zone, the umask, a signal's disposition — runs in a test process of its own, so the
/// tests that run beside it (in parallel) never see the change: `@Test(.inItsOwnProcess) func …`.
///
/// In the suite's process the trait does not run the body: it starts this same test bundle
/// again with `--filter` naming only that test and `FIELDOPS_TEST_OWN_PROCESS` naming it too, and
/// the test passes when that process passes (its output is shown when it does not). In that
/// second process the body runs, alone, with `environment` added to the process's environment
/// from its start (no `setenv` needed).
public struct OwnProcessTrait: TestTrait, TestScoping {
    static let variable = "FIELDOPS_TEST_OWN_PROCESS"

    /// Variables the test process starts with, e.g. `["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"]`.
    public var environment: [String: String]

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> OwnProcessTrait? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let name = String(describing: test.id)
        if ProcessInfo.processInfo.environment[Self.variable] == name {
            try await function()
            return
        }
        let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var variables = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        variables[Self.variable] = name
        variables["NO_COLOR"] = "1"
        let pattern = "^" + NSRegularExpression.escapedPattern(for: name) + "$"
        let result = try ProcessRunner.run(
            bundle, arguments: ["--testing-library", "swift-testing", "--filter", pattern], environment: variables, timeout: 300)
        let ran = (result.stdout + result.stderr).contains("Test run with 1 test ")
        #expect(
            result.exitCode == 0 && ran,
            "\(name) in a process of its own: exit \(result.exitCode)\n\(result.stdout)\(result.stderr)")
    }
}

extension Trait where Self == OwnProcessTrait {
    /// Runs the test in a test process of its own; see `OwnProcessTrait`.
    public static var inItsOwnProcess: Self { OwnProcessTrait(environment: [:]) }

    /// Runs the test in a test process of its own that starts with `environment` added.
    public static func inItsOwnProcess(environment: [String: String]) -> Self { OwnProcessTrait(environment: environment) }
}
