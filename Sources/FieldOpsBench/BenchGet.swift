import FieldOpsCore
import Foundation

/// Many small GETs through one session, `concurrency` at a time.
enum BenchGet {
    static func run(url: String, count: Int, concurrency: Int) async throws {
        let session = try HTTPSession(settings: HTTPSettings(retries: 0), version: "bench", maxConcurrentTransfers: concurrency)
        let request = HTTPRequest(baseURL: url)
        // One warm-up request opens the first connection, as curl's first transfer does.
        try await session.send(request).requireSuccess()
        let started = DispatchTime.now().uptimeNanoseconds
        let perWorker = count / concurrency
        let extra = count % concurrency
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<concurrency {
                let share = perWorker + (worker < extra ? 1 : 0)
                group.addTask {
                    for _ in 0..<share { try await session.send(request).requireSuccess() }
                }
            }
            try await group.waitForAll()
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        print(String(format: "requests=%d concurrency=%d seconds=%.3f rps=%.0f", count, concurrency, seconds, Double(count) / seconds))
    }
}
