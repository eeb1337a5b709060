import FieldOpsCore
import Foundation

/// One multipart upload of a file; reports the process's peak resident memory.
enum BenchUpload {
    static func run(url: String, file: String) async throws {
        let session = try HTTPSession(settings: HTTPSettings(timeout: 600, retries: 0), version: "bench")
        var form = MultipartForm()
        form.addField("kind", "bench")
        form.addFile("file", path: file, contentType: "application/octet-stream")
        let started = DispatchTime.now().uptimeNanoseconds
        let response = try await session.send(HTTPRequest(.post, baseURL: url, body: .multipart(form)))
        try response.requireSuccess()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        print(String(format: "bytes=%d seconds=%.3f vmhwm_kb=%d vmrss_kb=%d", size, seconds, statusField("VmHWM"), statusField("VmRSS")))
    }

    /// A `kB` field of /proc/self/status.
    private static func statusField(_ name: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).trimmingSpaces().split(separator: " ").first ?? "") ?? -1
        }
        return -1
    }
}
