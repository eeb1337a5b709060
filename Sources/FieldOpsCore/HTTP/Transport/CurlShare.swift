internal import CCurl
import Foundation

/// Owns a libcurl share handle holding the DNS and TLS-session caches of one session.
///
/// The multi handle already pools connections; the share handle adds TLS session resumption
/// across the fresh easy handles each request gets. Easy handles attach to it while being
/// configured on the caller's thread and detach when freed wherever that happens, so libcurl
/// is given lock callbacks over one mutex (`CURLSHOPT_LOCKFUNC`), as its docs require.
final class CurlShare {
    let handle: UnsafeMutableRawPointer
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init?() {
        CurlGlobal.ensureInitialised()
        guard let handle = curl_share_init() else { return nil }
        self.handle = handle
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        _ = fieldops_share_setopt_pointer(handle, CURLSHOPT_USERDATA, mutex)
        _ = fieldops_share_setopt_lock(handle, CurlShare.lock)
        _ = fieldops_share_setopt_unlock(handle, CurlShare.unlock)
        _ = fieldops_share_setopt_long(handle, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_DNS.rawValue))
        _ = fieldops_share_setopt_long(handle, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_SSL_SESSION.rawValue))
    }

    deinit {
        curl_share_cleanup(handle)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private static let lock: fieldops_curl_lock_callback = { _, _, _, context in
        guard let context else { return }
        pthread_mutex_lock(context.assumingMemoryBound(to: pthread_mutex_t.self))
    }

    private static let unlock: fieldops_curl_unlock_callback = { _, _, context in
        guard let context else { return }
        pthread_mutex_unlock(context.assumingMemoryBound(to: pthread_mutex_t.self))
    }
}
