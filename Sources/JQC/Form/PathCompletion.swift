import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// File-name completion for a photo path typed in the form, and `~` as the shell reads it.
enum PathCompletion {
    /// `~` and `~/…` follow `$HOME` (as a shell does), not the password database.
    static func expandingTilde(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
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
            directory = PathText.parent(of: expanded)
            prefix = PathText.lastComponent(of: expanded)
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
        var info = stat()
        if matches.count == 1, stat(folder + common, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            completed += "/"
        }
        return completed
    }
}
