internal import CCurl

/// Owns a libcurl multi handle and frees it in `deinit`.
///
/// Only `wakeUp()` may be called from a thread other than the transfer engine's.
final class CurlMulti {
    let handle: UnsafeMutableRawPointer
    /// Objects the multi handle's cached connections may still use while it is cleaned up (the
    /// session's share handle); released only after `curl_multi_cleanup` in `deinit`.
    private let keptAlive: [AnyObject]

    init?(maxConnections: Int, keepingAlive keptAlive: [AnyObject] = []) {
        guard CurlGlobal.isAvailable else { return nil }
        guard let handle = fieldops_curl_multi_init() else { return nil }
        self.handle = handle
        self.keptAlive = keptAlive
        _ = fieldops_multi_setopt_long(handle, CURLMOPT_MAX_TOTAL_CONNECTIONS, maxConnections)
        // Keep idle connections for every slot so bulk work reuses them all.
        _ = fieldops_multi_setopt_long(handle, CURLMOPT_MAXCONNECTS, max(maxConnections, 8))
    }

    deinit {
        fieldops_curl_multi_cleanup(handle)
    }

    func add(_ easy: CurlEasy) -> Bool {
        fieldops_curl_multi_add_handle(handle, easy.handle) == CURLM_OK
    }

    func remove(_ easy: CurlEasy) {
        _ = fieldops_curl_multi_remove_handle(handle, easy.handle)
    }

    func perform() {
        var running: Int32 = 0
        _ = fieldops_curl_multi_perform(handle, &running)
    }

    /// Waits for socket activity, a timeout, or `wakeUp()`.
    func poll(timeoutMilliseconds: Int32) {
        var ready: Int32 = 0
        _ = fieldops_curl_multi_poll(handle, nil, 0, timeoutMilliseconds, &ready)
    }

    /// Interrupts `poll` from another thread (libcurl documents this call as thread-safe).
    func wakeUp() {
        _ = fieldops_curl_multi_wakeup(handle)
    }

    /// The easy handles whose transfers finished since the last call, with their result codes.
    func completed() -> [(easy: UnsafeMutableRawPointer, code: CURLcode)] {
        var done: [(UnsafeMutableRawPointer, CURLcode)] = []
        var remaining: Int32 = 0
        while let message = fieldops_curl_multi_info_read(handle, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            done.append((easy, fieldops_multi_message_result(message)))
        }
        return done
    }
}
