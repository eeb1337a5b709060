import FieldOpsCore
import Foundation
import Testing

/// The program links FoundationEssentials, not Foundation: full Foundation (CoreFoundation and
/// ICU, linked statically) doubled the binary and cost every start some 170 page faults and
/// 39,000 relocations. Tests and the bench tool may use it.
@Suite struct ProgramImportsTests {
    @Test func noModuleOfTheProgramImportsFoundation() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        var offenders: [String] = []
        for module in ["FieldOpsCore", "JQC", "MCMS", "InterlinedList", "fieldops"] {
            let root = sources.appendingPathComponent(module)
            let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "no Swift files under \(root.path)")
            for file in files {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where !line.trimmingWhitespace().hasPrefix("//") {
                    let words = line.split(separator: " ")
                    if let index = words.firstIndex(of: "import"), index + 1 < words.count,
                        words[index + 1] == "Foundation" || words[index + 1].hasPrefix("Foundation.")
                    {
                        offenders.append("\(module)/\(file): \(line)")
                    }
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
