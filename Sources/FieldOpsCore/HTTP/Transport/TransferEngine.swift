internal import CCurl
import FoundationEssentials

/// Runs every transfer of one session on one curl multi handle, driven by one thread.
///
/// Why this shape: a multi handle owns a single connection cache, so every request of the
/// session (sequential or concurrent) reuses open TCP/TLS connections without a pool of our
/// own; one thread driving `curl_multi_perform`/`curl_multi_poll` serves any number of
/// concurrent transfers without parking a thread per request (a blocking `curl_easy_perform`
/// per task would pin Swift's small cooperative pool); and `curl_multi_wakeup` lets other
/// threads submit or cancel work promptly. Requests arrive through a locked queue and leave
/// through continuations; at most `maxInFlight` run at once, the rest wait in order.
final class TransferEngine: @unchecked Sendable {
    // @unchecked: `waiting`, `cancelling`, `stopping` and `threadStarted` (and each Transfer's
    // `continuation` and `cancelRequested`) are only touched under `condition`; `active` and the
    // multi handle are only touched on the engine thread, except `multi.wakeUp()`, which
    // libcurl documents as callable from any thread.
    private let multi: CurlMulti
    private let maxInFlight: Int
    private let condition = Condition()
    private var waiting: [Transfer] = []
    private var cancelling: [Transfer] = []
    private var stopping = false
    private var threadStarted = false
    private var active: [UnsafeMutableRawPointer: Transfer] = [:]

    init(maxInFlight: Int, share: CurlShareBox? = nil) throws(HTTPError) {
        guard let multi = CurlMulti(maxConnections: maxInFlight, keepingAlive: share.map { [$0.share] } ?? []) else {
            throw HTTPError.transport(url: "", reason: "libcurl could not create a multi handle")
        }
        self.multi = multi
        self.maxInFlight = max(1, maxInFlight)
    }

    /// Runs one transfer to completion; Task cancellation removes it from the multi handle.
    func run(_ transfer: Transfer) async -> Transfer.Completion {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                submit(transfer, continuation)
            }
        } onCancel: {
            cancel(transfer)
        }
    }

    /// Stops the thread after failing whatever is still queued or running.
    func shutdown() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
        multi.wakeUp()
    }

    private func submit(_ transfer: Transfer, _ continuation: CheckedContinuation<Transfer.Completion, Never>) {
        condition.lock()
        if transfer.cancelRequested || stopping {
            condition.unlock()
            continuation.resume(returning: .cancelled)
            return
        }
        transfer.continuation = continuation
        waiting.append(transfer)
        if !threadStarted {
            guard startThread() else {
                // No thread (the process has none left): this transfer fails, the next may not.
                waiting.removeLast()
                transfer.continuation = nil
                condition.unlock()
                let reason = "fieldops could not start its HTTP thread (the system has no threads left)"
                continuation.resume(
                    returning: .failed(TransferFailure(kind: .other, error: .transport(url: transfer.url, reason: reason))))
                return
            }
            threadStarted = true
        }
        condition.signal()
        condition.unlock()
        multi.wakeUp()
    }

    private func cancel(_ transfer: Transfer) {
        condition.lock()
        transfer.cancelRequested = true
        if let index = waiting.firstIndex(where: { $0 === transfer }) {
            // Never reached libcurl: answer right here.
            waiting.remove(at: index)
            let continuation = transfer.continuation
            transfer.continuation = nil
            condition.unlock()
            continuation?.resume(returning: .cancelled)
            return
        }
        if transfer.continuation != nil { cancelling.append(transfer) }
        condition.signal()
        condition.unlock()
        multi.wakeUp()
    }

    // MARK: - Engine thread

    /// Starts the engine's thread (`DetachedThread`), which holds the engine until `loop()`
    /// returns.
    private func startThread() -> Bool {
        DetachedThread.start { [self] in loop() }
    }

    private func loop() {
        while true {
            condition.lock()
            while waiting.isEmpty && cancelling.isEmpty && active.isEmpty && !stopping {
                condition.wait()
            }
            let toCancel = cancelling
            cancelling = []
            let room = maxInFlight - active.count
            let toStart = Array(waiting.prefix(max(0, room)))
            waiting.removeFirst(toStart.count)
            let stop = stopping
            var abandoned: [Transfer] = []
            if stop {
                abandoned = waiting
                waiting = []
            }
            condition.unlock()

            for transfer in toCancel where active.removeValue(forKey: transfer.easy.handle) != nil {
                multi.remove(transfer.easy)
                finish(transfer, .cancelled)
            }
            for transfer in toStart {
                if multi.add(transfer.easy) {
                    active[transfer.easy.handle] = transfer
                } else {
                    finish(
                        transfer,
                        .failed(TransferFailure(kind: .other, error: .transport(url: transfer.url, reason: "libcurl refused the transfer")))
                    )
                }
            }
            if stop {
                for transfer in abandoned + Array(active.values) {
                    multi.remove(transfer.easy)
                    finish(transfer, .cancelled)
                }
                active = [:]
                return
            }
            guard !active.isEmpty else { continue }

            multi.perform()
            for (handle, code) in multi.completed() {
                guard let transfer = active.removeValue(forKey: handle) else { continue }
                multi.remove(transfer.easy)
                finish(transfer, transfer.complete(with: code))
            }
            if !active.isEmpty {
                multi.poll(timeoutMilliseconds: 1000)
            }
        }
    }

    private func finish(_ transfer: Transfer, _ completion: Transfer.Completion) {
        condition.lock()
        let continuation = transfer.continuation
        transfer.continuation = nil
        condition.unlock()
        continuation?.resume(returning: completion)
    }
}
