import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// No command ever sends a snake_case key: the emulator records any it sees.
    @Suite struct CamelCaseEndToEndTests {
        @Test func noWritingCommandSendsASnakeCaseKey() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let commands: [[String]] = [
                    ["il", "post", "camel check", "--tag", "field_ops", "--private"],
                    ["il", "list", "create", "Camel", "--parent", "l002", "--description", "snake_case inside a value is fine"],
                    ["il", "doc", "create", "--title", "Camel doc", "--folder", "df2", "--content", "x"],
                    ["il", "doc", "create", "--title", "Root doc", "--content", "y"],
                    ["il", "doc", "move", "d004", "--folder", "root"],
                    ["il", "doc", "move", "d004", "--folder", "df1"],
                    ["il", "follow", "u_dave"],
                    ["il", "notifications", "--read", "n003", "--read-all"],
                ]
                for command in commands {
                    let outcome = await bed.run(command)
                    #expect(outcome.exitCode == 0 || command[1] == "follow", "\(command): \(outcome)")
                }
                let bodies = try await bed.emulator.requests().filter { !$0.body.isEmpty }
                #expect(bodies.count >= 7)
                #expect(try await bed.snakeCaseKeys() == [])
            }
        }
    }
}
