#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process environment as a dictionary, read straight from `environ`.
///
/// Every command starts by reading it, so it is read once (in `main`) and handed down. Foundation's
/// `ProcessInfo.environment` gives the same dictionary at about twenty times the cost (some 19,000
/// instructions a variable, 0.8M for a usual shell's environment on every start), and `main`
/// used to pay that three times for a command that sends a request.
public enum ProcessEnvironment {
    /// Variables whose values are secrets: never handed to another program (`Subprocess`), and
    /// `doctor` says they are set, never what they hold.
    public static let secretVariables: Set<String> = ["FIELDOPS_TOKEN", "FIELDOPS_PASSWORD", "FIELDOPS_KEYRING_PASSPHRASE"]

    /// `$XDG_RUNTIME_DIR` of `environment` when it names a directory (this user's, in memory on
    /// most systems); nil when unset, relative, or not a directory (then nothing may be put there).
    public static func runtimeDirectory(in environment: [String: String]) -> String? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        var info = stat()
        return stat(runtime, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR ? runtime : nil
    }

    /// `NAME=value` pairs in `environ` order; a name given twice keeps its first value, the one
    /// getenv(3) returns. An entry without `=` is skipped. Bytes that are not UTF-8 are repaired
    /// (U+FFFD), as in every other `String` read from the system.
    public static func current() -> [String: String] {
        #if canImport(Darwin)
            guard let environment = _NSGetEnviron()?.pointee else { return [:] }
        #else
            guard let environment = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else { return [:] }
        #endif
        var count = 0
        while environment[count] != nil { count += 1 }
        var variables: [String: String] = [:]
        variables.reserveCapacity(count)
        var entry = environment
        while let pair = entry.pointee {
            entry += 1
            guard let equals = strchr(pair, 0x3D) else { continue }
            let nameBytes = UnsafeRawBufferPointer(start: pair, count: pair.distance(to: equals))
            let name = String(decoding: nameBytes, as: UTF8.self)
            if variables[name] == nil {
                variables[name] = String(cString: equals + 1)
            }
        }
        return variables
    }
}
