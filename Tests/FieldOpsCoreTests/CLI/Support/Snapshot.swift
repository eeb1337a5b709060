import Foundation
import Testing

/// Compares generated text with a checked-in file under `CLI/__Snapshots__/`.
///
/// Run with `FIELDOPS_RECORD_SNAPSHOTS=1` to (re)write the files after an intended change,
/// then review the diff as part of the commit.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")

    static var recording: Bool { ProcessInfo.processInfo.environment["FIELDOPS_RECORD_SNAPSHOTS"] == "1" }

    static func expect(_ text: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = directory.appendingPathComponent(name)
        if recording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            } catch {
                Issue.record("could not record snapshot \(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            Issue.record("no snapshot \(name); run the tests with FIELDOPS_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != text {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let firstDifference = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }
            let location =
                firstDifference.map { "line \($0.offset + 1):\n  expected: \($0.element.0)\n  actual:   \($0.element.1)" }
                ?? "lengths differ (\(expectedLines.count) vs \(actualLines.count) lines)"
            Issue.record("snapshot \(name) differs at \(location)", sourceLocation: sourceLocation)
        }
    }
}
