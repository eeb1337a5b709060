import FieldOpsTestSupport
import Foundation
import Testing

/// `profile add`, `use` and `remove` run at once by many real processes (a provisioning script
/// run twice, two terminals): each is a read-modify-write of the configuration, and before the
/// edit lock one edit was lost in most rounds while every process exited 0.
@Suite struct ConcurrentProfileEditTests {
    static let names = ["sjøgata", "ålesund", "tromsø", "kvartal-1", "café", "bryggen"].map {
        // Profile names are ASCII (they name directories); the places they stand for are not.
        $0.replacingOccurrences(of: "ø", with: "o").replacingOccurrences(of: "å", with: "a").replacingOccurrences(of: "é", with: "e")
    }

    /// Starts one real fieldops process per command line, all before any is waited for, and
    /// returns their exit statuses in order.
    static func concurrently(_ commands: [[String]], home: FieldOpsHome) throws -> [Int32] {
        let processes = try commands.map { arguments in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: FieldOpsBinary.path)
            process.arguments = arguments
            process.environment = home.environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        return processes.map(\.terminationStatus)
    }

    @Test func removalsAtOnceFromOneFileLoseNone() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        for round in 1...20 {
            let profiles = Self.names.map {
                "  \($0):\n    backend: mcms\n    base_url: https://pon.example.net  # “\(round)” Sjøgata\n"
            }.joined()
            try home.writeConfig(
                "# Ålesundsvegen's appliances\nprofiles:\n  keep:\n    backend: il\n    base_url: https://lists.example\n" + profiles)
            let statuses = try Self.concurrently(Self.names.map { ["profile", "remove", $0] }, home: home)
            #expect(statuses.allSatisfy { $0 == 0 }, "round \(round): \(statuses)")
            let config = try String(contentsOfFile: home.configFile, encoding: .utf8)
            let listed = try home.runBinary(["profile", "list", "--json"])
            #expect(listed.stdout.contains("\"keep\""), "round \(round)")
            for name in Self.names {
                #expect(!config.contains("  \(name):"), "round \(round): \(name) is still configured:\n\(config)")
            }
            #expect(config.hasPrefix("# Ålesundsvegen's appliances\n"), "the comment is kept")
        }
    }

    @Test func addsAndDefaultsAtOnceLoseNone() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        for round in 1...20 {
            try home.writeConfig("profiles:\n  first:\n    backend: jqc\n    base_url: https://qc.example\n")
            try? FileManager.default.removeItem(atPath: home.directory.path("config") + "/fieldops/profiles.d")
            let adds = Self.names.map { ["profile", "add", "\($0)-\(round)", "--backend", "il", "--base-url", "https://lists.example"] }
            let statuses = try Self.concurrently(adds + [["profile", "use", "first"]], home: home)
            #expect(statuses.allSatisfy { $0 == 0 }, "round \(round): \(statuses)")
            let listed = try home.runBinary(["profile", "list", "--json"])
            let names = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
                .compactMap { $0["name"] as? String }
            #expect(Set(names) == Set(["first"] + Self.names.map { "\($0)-\(round)" }), "round \(round): \(names)")
            let config = try String(contentsOfFile: home.configFile, encoding: .utf8)
            #expect(config.contains("default_profile:\n  jqc: first\n"), "round \(round):\n\(config)")
        }
    }
}
