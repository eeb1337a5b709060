import FieldOpsTestSupport
import Foundation
import Testing

@testable import FieldOpsCore

/// Man pages from the command tree: snapshots, and groff reading every page without a warning.
@Suite struct ManualRenderingTests {
    let renderer = ManualRenderer(root: SampleCommandTree.root, date: "2026-01-01", version: "1.0")

    func page(_ name: String) throws -> ManualPage {
        try #require(renderer.pages().first { $0.fileName == name })
    }

    @Test func onePagePerVisibleCommand() {
        let names = renderer.pages().map(\.fileName)
        #expect(names.first == "fieldops.1")
        #expect(names.contains("fieldops-jqc-sync.1") && names.contains("fieldops-mcms-onu-list.1") && names.contains("fieldops-jqc.1"))
        #expect(!names.contains { $0.contains("__complete") })
        #expect(Set(names).count == names.count)
    }

    @Test func rootPageSnapshot() throws {
        Snapshot.expect(try page("fieldops.1").content, matches: "fieldops.1")
    }

    @Test func commandPageSnapshot() throws {
        Snapshot.expect(try page("fieldops-jqc-inspect-start.1").content, matches: "fieldops-jqc-inspect-start.1")
    }

    @Test func sectionsOfTheRootAndOfACommand() throws {
        let root = try page("fieldops.1").content
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GLOBAL OPTIONS", "EXIT STATUS", "ENVIRONMENT", "EXAMPLES", "SEE ALSO",
        ] {
            #expect(root.contains(".SH \(section)\n"), "root lacks \(section)")
        }
        let sync = try page("fieldops-jqc-sync.1").content
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
            #expect(sync.contains(".SH \(section)\n"), "sync lacks \(section)")
        }
        #expect(!sync.contains(".SH ENVIRONMENT") && !sync.contains(".SH GLOBAL OPTIONS"))
        #expect(sync.contains("\\fB\\-n\\fR, \\fB\\-\\-dry\\-run\\fR"))
        #expect(sync.contains(".BR fieldops (1),\n.BR fieldops\\-jqc (1)"))
    }

    @Test func escapesLeadingDotsBackslashesAndOptionHyphens() {
        let tree = CommandSpec(
            "fieldops", abstract: "Tool.",
            discussion: ".hidden request?\n'quoted start\nback\\slash and --json and read-only",
            examples: ["fieldops --json"])
        let content = ManualRenderer(root: tree).page(path: [tree]).content
        #expect(content.contains("\n\\&.hidden request?\n"))
        #expect(content.contains("\n\\&'quoted start\n"))
        #expect(content.contains("back\\eslash and \\-\\-json and read-only"))
        #expect(content.contains("\nfieldops \\-\\-json\n"))
    }

    // MARK: groff

    @Test func groffReadsEveryPageWithoutWarnings() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fieldops-man-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try renderer.write(to: directory)
        #expect(files.count == renderer.pages().count)
        for file in files {
            let (output, warnings, status) = try Self.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-P-cbou", file.path])
            #expect(status == 0, "\(file.lastPathComponent)")
            #expect(warnings.isEmpty, "\(file.lastPathComponent): \(warnings)")
            #expect(output.contains("NAME") && output.contains("EXIT STATUS"), "\(file.lastPathComponent)")
        }
        let (rendered, _, status) = try Self.run(
            "/usr/bin/man", ["-l", "-P", "cat", directory.appendingPathComponent("fieldops-jqc-inspect-start.1").path])
        #expect(status == 0)
        #expect(rendered.contains("--template ID"))
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (String, String, Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["MANWIDTH"] = "80"
        environment["LC_ALL"] = "C.UTF-8"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitForExit()
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self), process.terminationStatus)
    }
}
