internal import CCurl

/// Owns a `curl_slist` of raw header lines and frees it in `deinit`.
///
/// libcurl does not copy the list: it must outlive the transfer, so the `Transfer` keeps it.
final class CurlHeaderList {
    private(set) var head: UnsafeMutablePointer<curl_slist>?

    init(_ lines: [String]) {
        for line in lines {
            // On allocation failure curl_slist_append returns NULL and leaves the list intact.
            if let next = fieldops_curl_slist_append(head, line) { head = next }
        }
    }

    deinit {
        fieldops_curl_slist_free_all(head)
    }
}
