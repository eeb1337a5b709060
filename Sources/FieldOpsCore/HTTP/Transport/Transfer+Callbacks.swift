internal import CCurl
import FoundationEssentials

/// libcurl's write and header callbacks. They run on the engine thread inside
/// `curl_multi_perform`; the context pointer is the `Transfer`, unretained, which is safe
/// because the engine holds the transfer until libcurl is done with the handle.
extension Transfer {
    static let onBody: fieldops_curl_data_callback = { pointer, size, count, context in
        guard let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        if transfer.body.count + length > transfer.sizeLimit {
            transfer.exceededLimit = true
            return 0  // makes libcurl stop with CURLE_WRITE_ERROR
        }
        if let pointer, length > 0 {
            transfer.body.append(UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
        }
        return length
    }

    static let onHeader: fieldops_curl_data_callback = { pointer, size, count, context in
        let length = size * count
        guard let context, let pointer else { return length }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        let line = UnsafeRawBufferPointer(start: pointer, count: length)
        if line.starts(with: "HTTP/".utf8) {
            // A new status line (after `100 Continue`, or a proxy's CONNECT answer) starts over.
            transfer.headers = HTTPHeaders()
        } else if let field = HeaderLine.parse(line) {
            transfer.headers.add(field.name, field.value)
            if transfer.body.isEmpty, let declared = declaredLength(field) { transfer.body.reserveCapacity(declared) }
        }
        return length
    }

    /// A `Content-Length` worth making room for at once (a 150 KB page grown by doubling is
    /// copied about twice over); never more than `reservedAtMost`, whatever a server declares.
    static func declaredLength(_ field: (name: String, value: String)) -> Int? {
        guard HTTPHeaders.same(field.name, "Content-Length"), let length = Int(field.value), length > 0 else { return nil }
        return min(length, reservedAtMost)
    }

    static let reservedAtMost = 8 << 20
}
