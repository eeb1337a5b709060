import FieldOpsCore
import FoundationEssentials

/// Reads MCMS's response envelope `{"status": "success", "data": …}`.
public enum MCMSEnvelope {
    /// The `data` of a success envelope; nil when a success has no `data`, which is how every
    /// write answers — success, not a decoding error (seed).
    public static func data(from body: Data, source: String) throws(MCMSError) -> JSONValue? {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: body, source: source)
        } catch {
            throw .malformed(path: source, reason: error.summary)
        }
        guard let status = value[MCMSField.status]?.stringValue else {
            throw .malformed(path: source, reason: "the answer has no \"status\"")
        }
        guard status == "success" else {
            throw .server(path: source, status: nil, message: serverMessage(value) ?? "status \(status)")
        }
        return value[MCMSField.data]
    }

    /// The documents of a success envelope's `data` list, each read by `read` straight from the
    /// text, with no tree of the page. Nil for every other body — a failure, no `data`, `data`
    /// not a list, invalid JSON, a shape `JSONReader` declines — which `data(from:source:)` then
    /// reads, with its errors.
    public static func readList<Item>(
        _ body: Data, _ read: (inout JSONReader) throws(JSONReader.Declined) -> Item
    ) -> [Item]? {
        var items: [Item] = []
        return readEach(body, { (reader) throws(JSONReader.Declined) in items.append(try read(&reader)) }) ? items : nil
    }

    /// `readList` for a caller that gathers the documents itself: `element` gets the reader
    /// before each document of the list. False for every body `readList` gives nil for; what
    /// `element` gathered before then is to be dropped.
    public static func readEach(_ body: Data, _ element: (inout JSONReader) throws(JSONReader.Declined) -> Void) -> Bool {
        JSONReader.read(body) { (reader) throws(JSONReader.Declined) -> Bool in
            var succeeded = false
            var listed = false
            let isObject = try reader.object { (member, key) throws(JSONReader.Declined) in
                if key == "status" {
                    succeeded = try member.string { $0.elementsEqual("success".utf8) } ?? false
                } else if key == "data" {
                    guard try member.array(element) else { throw JSONReader.Declined() }
                    listed = true
                }
            }
            guard isObject, succeeded, listed else { throw JSONReader.Declined() }
            return true
        } ?? false
    }

    /// `details.message` of a failure envelope, when the body is one.
    public static func serverMessage(_ value: JSONValue) -> String? {
        value[MCMSField.details]?[MCMSField.detailsMessage]?.stringValue
    }

    public static func serverMessage(body: Data) -> String? {
        guard let value = try? JSONValue(parsing: body) else { return nil }
        return serverMessage(value)
    }
}

/// The CPE DHCP helper's bare answer `[code, cpe, cpe…]` (seed): no envelope, code 0 is ok.
public struct CPEAnswer: Sendable, Equatable {
    public var leases: [JSONValue]

    public init(_ value: JSONValue, onuID: String) throws(MCMSError) {
        guard let array = value.arrayValue, let code = array.first?.int64Value else {
            throw .malformed(path: MCMSEndpoint.cpe(onuID).displayPath, reason: "expected [code, cpe…], found \(value.kindDescription)")
        }
        guard code == 0 else {
            throw .server(
                path: MCMSEndpoint.cpe(onuID).displayPath, status: nil, message: "CPE DHCP lookup for \(onuID) answered code \(code)")
        }
        leases = Array(array.dropFirst())
    }
}
