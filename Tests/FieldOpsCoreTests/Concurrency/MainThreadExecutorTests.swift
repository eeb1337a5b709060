import Foundation
import Synchronization
import Testing

@testable import FieldOpsCore

/// The executor the program runs its command on: the command's jobs on the thread that serves
/// it while that thread is free, on the global pool while it is busy, none lost, none serialized
/// behind a busy thread. Here a thread of the test stands in for the process's main thread.
@Suite struct MainThreadExecutorTests {
    /// A thread that makes an executor and serves it until `stop()`.
    final class Server: @unchecked Sendable {
        private let ready = DispatchSemaphore(value: 0)
        private let ended = DispatchSemaphore(value: 0)
        private let made = Mutex<MainThreadExecutor?>(nil)
        private let thread = Mutex<pthread_t?>(nil)

        init() {
            let worker = Thread { [self] in
                let executor = MainThreadExecutor()
                made.withLock { $0 = executor }
                thread.withLock { $0 = pthread_self() }
                ready.signal()
                executor.serve()
                ended.signal()
            }
            worker.start()
            ready.wait()
        }

        var executor: MainThreadExecutor { made.withLock { $0! } }

        /// True on the serving thread.
        var isCurrent: Bool { pthread_equal(pthread_self(), thread.withLock { $0! }) != 0 }

        func stop() {
            executor.stop()
            ended.wait()
        }
    }

    final class Started: Sendable {
        let count = Atomic<Int>(0)
    }

    @Test func aTaskThatDoesOneThingAtATimeRunsOnTheServingThread() async throws {
        let server = Server()
        defer { server.stop() }
        let placements = await Task(executorPreference: server.executor) { () async -> [Bool] in
            var seen = [server.isCurrent]
            // A child task, a task it awaits, a suspension that another thread resumes.
            async let child = server.isCurrent
            seen.append(await child)
            seen.append(await Task(executorPreference: server.executor) { server.isCurrent }.value)
            await withCheckedContinuation { continuation in
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { continuation.resume() }
            }
            seen.append(server.isCurrent)
            return seen
        }.value
        #expect(placements == [true, true, true, true])
    }

    @Test func workThatCanRunSideBySideDoesWhileTheServingThreadIsBusy() async throws {
        let server = Server()
        defer { server.stop() }
        // Each child waits (blocking its thread) until the other has started: one thread for both
        // would never end, which the bounded wait turns into a failure instead of a hang. (A
        // minute: with every suite running, the pool can be busy for seconds before it starts
        // the second child.)
        let started = Started()
        let bothRan = await Task(executorPreference: server.executor) { () async -> [Bool] in
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        started.count.add(1, ordering: .sequentiallyConsistent)
                        let deadline = ContinuousClock.now + .seconds(60)
                        while started.count.load(ordering: .sequentiallyConsistent) < 2 {
                            if ContinuousClock.now > deadline { return false }
                            usleep(100)
                        }
                        return true
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }.value
        #expect(bothRan == [true, true])
    }

    @Test func everyJobOfManyTasksRuns() async throws {
        let server = Server()
        defer { server.stop() }
        let total = await Task(executorPreference: server.executor) { () async -> Int in
            await withTaskGroup(of: Int.self) { group in
                for index in 0..<2_000 {
                    group.addTask {
                        await Task.yield()
                        return index
                    }
                }
                return await group.reduce(0, +)
            }
        }.value
        #expect(total == (0..<2_000).reduce(0, +))
    }

    @Test func afterStopJobsRunOnThePool() async throws {
        let server = Server()
        server.stop()
        let onServer = await Task(executorPreference: server.executor) { server.isCurrent }.value
        #expect(!onServer)
    }
}
