import FieldOpsCore
import FoundationEssentials

/// `$VISUAL`, else `$EDITOR`, else `vi`, on a private temporary file holding `text`.
enum ExternalEditor {
    static func edit(_ text: String, environment: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fieldops-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("text.txt")
        try Data(text.utf8).write(to: file)
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        // The editor variable may hold arguments (`code --wait`), as git reads it.
        let status = try Subprocess("/bin/sh", arguments: ["-c", editor + " \"$1\"", "editor", file.path], environment: environment)
            .run().status
        guard status == 0 else {
            throw FieldOpsError(
                "the editor `\(editor)` exited with status \(status); the text was not changed",
                hint: "set $VISUAL or $EDITOR to an editor that exits 0 after saving")
        }
        var edited = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        if edited.hasSuffix("\n") { edited.removeLast() }
        return edited
    }
}
