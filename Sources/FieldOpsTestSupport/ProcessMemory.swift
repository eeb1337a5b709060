import Foundation

/// This process's memory as the kernel reports it in `/proc/self/status` (Linux).
public enum ProcessMemory {
    /// Resident set size now (`VmRSS`), in bytes.
    public static func resident() -> Int? { field("VmRSS") }

    /// Peak resident set size so far (`VmHWM`), in bytes.
    public static func peak() -> Int? { field("VmHWM") }

    /// Resets the peak (`VmHWM`) to the current size, so a later `peak()` covers only what
    /// happened in between. Returns false when the kernel does not allow it.
    @discardableResult
    public static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    private static func field(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let number = line.dropFirst(name.count + 1).trimmingSpaces().split(separator: " ").first
            return number.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}
