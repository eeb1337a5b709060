import FoundationEssentials

/// What a request sends. Large payloads come from files and are streamed, never loaded.
public enum HTTPBody: Sendable, Equatable {
    case none
    /// Raw bytes with their content type (nil leaves the header to the caller).
    case bytes(Data, contentType: String?)
    /// A JSON document, already encoded (the JSON value type plugs in here as `Data`).
    case json(Data)
    /// A file sent as the whole body, read from disk while the request is in flight.
    case file(path: String, contentType: String?)
    /// A `multipart/form-data` form whose file parts are streamed from disk.
    case multipart(MultipartForm)

    /// The `Content-Type` sent unless the caller set one. Never nil for a raw body, or libcurl
    /// would label it `application/x-www-form-urlencoded`.
    var defaultContentType: String? {
        switch self {
        case .none, .multipart: return nil
        case .bytes(_, let type), .file(_, let type): return type ?? "application/octet-stream"
        case .json: return "application/json"
        }
    }

    var isStreamedFromDisk: Bool {
        switch self {
        case .file, .multipart: return true
        default: return false
        }
    }

    var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }
}

/// A `multipart/form-data` body: plain text fields and files streamed from disk.
public struct MultipartForm: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case field(name: String, value: String)
        case file(name: String, path: String, filename: String?, contentType: String?)
    }

    public var parts: [Part]

    public init(_ parts: [Part] = []) {
        self.parts = parts
    }

    public mutating func addField(_ name: String, _ value: String) {
        parts.append(.field(name: name, value: value))
    }

    /// Adds a file part; `filename` defaults to the file's own name.
    public mutating func addFile(_ name: String, path: String, filename: String? = nil, contentType: String? = nil) {
        parts.append(.file(name: name, path: path, filename: filename, contentType: contentType))
    }
}
