import Foundation

/// File-name completion for a photo path typed in the form, and `~` as the shell reads it.
enum PathCompletion {
    /// `~` and `~/…` follow `$HOME` (as a shell does), not the password database.
    static func expandingTilde(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + path.dropFirst()
    }

    /// `typed` completed as far as the names in its directory agree (a directory gets its `/`).
    static func complete(_ typed: String) -> String {
        let expanded = expandingTilde(typed)
        let directory: String
        let prefix: String
        if expanded.hasSuffix("/") {
            directory = expanded
            prefix = ""
        } else {
            directory = (expanded as NSString).deletingLastPathComponent
            prefix = (expanded as NSString).lastPathComponent
        }
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        let matches = listed.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted()
        guard var common = matches.first else { return typed }
        for name in matches.dropFirst() {
            while !name.hasPrefix(common) { common.removeLast() }
        }
        // What was typed before the last name stays as typed (`~/` included).
        var completed = String(typed.dropLast(prefix.count)) + common
        let folder = directory.isEmpty ? "" : directory.hasSuffix("/") ? directory : directory + "/"
        var isDirectory: ObjCBool = false
        if matches.count == 1, FileManager.default.fileExists(atPath: folder + common, isDirectory: &isDirectory), isDirectory.boolValue {
            completed += "/"
        }
        return completed
    }
}
