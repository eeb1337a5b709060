internal import CCurl
import FoundationEssentials

/// Owns a libcurl share handle holding the DNS and TLS-session caches of one session.
///
/// The multi handle already pools connections; the share handle adds TLS session resumption
/// across the fresh easy handles each request gets. Easy handles attach to it while being
/// configured on the caller's thread and detach when freed wherever that happens, so libcurl
/// is given lock callbacks (`CURLSHOPT_LOCKFUNC`), as its docs require: one mutex per kind of
/// shared data, because libcurl may hold the lock of one kind while taking another's.
///
/// Lifetime: every `CurlEasy` and the session's `CurlMulti` keep this object alive, so it is
/// freed only after the last handle that can touch it has been cleaned up.
final class CurlShare {
    let handle: UnsafeMutableRawPointer
    private let mutexes: UnsafeMutablePointer<pthread_mutex_t>
    private static let lockKinds = Int(CURL_LOCK_DATA_LAST.rawValue) + 1

    init?() {
        guard CurlGlobal.isAvailable else { return nil }
        guard let handle = fieldops_curl_share_init() else { return nil }
        self.handle = handle
        mutexes = .allocate(capacity: CurlShare.lockKinds)
        for index in 0..<CurlShare.lockKinds {
            pthread_mutex_init(mutexes + index, nil)
        }
        _ = fieldops_share_setopt_pointer(handle, CURLSHOPT_USERDATA, mutexes)
        _ = fieldops_share_setopt_lock(handle, CurlShare.lock)
        _ = fieldops_share_setopt_unlock(handle, CurlShare.unlock)
        _ = fieldops_share_setopt_long(handle, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_DNS.rawValue))
        _ = fieldops_share_setopt_long(handle, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_SSL_SESSION.rawValue))
    }

    deinit {
        // A share still in use (CURLSHE_IN_USE) would call the lock functions later: then the
        // mutexes must stay alive, so they are leaked rather than freed under libcurl's feet.
        guard fieldops_curl_share_cleanup(handle) == CURLSHE_OK else { return }
        for index in 0..<CurlShare.lockKinds {
            pthread_mutex_destroy(mutexes + index)
        }
        mutexes.deallocate()
    }

    private static func mutex(_ context: UnsafeMutableRawPointer, _ kind: curl_lock_data) -> UnsafeMutablePointer<pthread_mutex_t> {
        let index = min(Int(kind.rawValue), lockKinds - 1)
        return context.assumingMemoryBound(to: pthread_mutex_t.self) + index
    }

    private static let lock: fieldops_curl_lock_callback = { _, kind, _, context in
        guard let context else { return }
        pthread_mutex_lock(CurlShare.mutex(context, kind))
    }

    private static let unlock: fieldops_curl_unlock_callback = { _, kind, context in
        guard let context else { return }
        pthread_mutex_unlock(CurlShare.mutex(context, kind))
    }
}
