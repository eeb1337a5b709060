import Foundation

/// Runs a program as on a machine without one shared library: in a user and mount namespace
/// of its own (unshare(1)) where the library's file, as ldconfig resolves its soname, is
/// /dev/null, so dlopen() fails with the loader's own words. Nothing outside the namespace
/// changes. Exit code 99 means the library could not be hidden.
public enum HiddenLibrary {
    /// Whether this machine lets an unprivileged namespace bind-mount (user namespaces enabled).
    public static let isAvailable: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-r", "-m", "sh", "-c", "mount --bind /dev/null /dev/null"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// The executable to start and its arguments: `program arguments…` with `soname` hidden.
    public static func command(hiding soname: String, running program: String, _ arguments: [String]) -> (
        executable: String, arguments: [String]
    ) {
        let pattern = soname.replacingOccurrences(of: ".", with: "\\.")
        let hide =
            "lib=$(ldconfig -p | sed -n 's/.*\(pattern) .*=> //p' | head -n 1); [ -z \"$lib\" ] || mount --bind /dev/null \"$lib\" || exit 99; exec \"$@\""
        return ("/usr/bin/unshare", ["-r", "-m", "sh", "-c", hide, "sh", program] + arguments)
    }
}
