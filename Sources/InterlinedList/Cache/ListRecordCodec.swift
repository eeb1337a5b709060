import FoundationEssentials

/// The lists cache payload: one list per line, tab-separated, with a header naming the columns.
///
///     fieldops-il-lists 1	id	title	description	isPublic	parentId	folderId	createdAt	updatedAt
///     l003	Science fiction	\N	true	l002		2026-01-01T00:02:00.000Z	2026-01-01T00:02:00.000Z
///
/// Not JSON because `il lists --tree` must read 5,000 lists in a fraction of its 150 ms budget,
/// and `JSONDecoder` spends most of that building a dictionary per object. `\N` is null (kept
/// apart from an empty string, which the server also sends for "no parent"); `\\`, `\t`,
/// `\n` and `\r` escape those characters inside a value.
enum ListRecordCodec {
    static let header = "fieldops-il-lists 1\tid\ttitle\tdescription\tisPublic\tparentId\tfolderId\tcreatedAt\tupdatedAt"
    static let columns = 8

    struct Malformed: Error, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    static func encode(_ lists: [ILList]) -> Data {
        var out = header + "\n"
        out.reserveCapacity(lists.count * 96)
        for list in lists {
            let isPublic = list.isPublic.map { $0 ? "true" : "false" }
            let fields = [list.id, list.title, list.description, isPublic, list.parentId, list.folderId, list.createdAt, list.updatedAt]
            out += fields.map(field).joined(separator: "\t")
            out += "\n"
        }
        return Data(out.utf8)
    }

    static func decode(_ data: Data) throws -> [ILList] {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [ILList] in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lists: [ILList] = []
            var lineNumber = 0
            var fields: [String?] = []
            fields.reserveCapacity(columns)
            var lineStart = 0
            var index = 0
            while index <= bytes.count {
                if index < bytes.count, bytes[index] != 0x0A {
                    index += 1
                    continue
                }
                defer {
                    index += 1
                    lineStart = index
                }
                if index == lineStart { continue }
                lineNumber += 1
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<index])
                if lineNumber == 1 {
                    guard String(decoding: line, as: UTF8.self) == header else {
                        throw Malformed(line: 1, reason: "not a lists cache header")
                    }
                    continue
                }
                fields.removeAll(keepingCapacity: true)
                var fieldStart = 0
                for position in 0...line.count where position == line.count || line[position] == 0x09 {
                    fields.append(value(UnsafeBufferPointer(rebasing: line[fieldStart..<position])))
                    fieldStart = position + 1
                }
                guard fields.count == columns, let id = fields[0], let title = fields[1] else {
                    throw Malformed(line: lineNumber, reason: "expected \(columns) columns with an id and a title")
                }
                lists.append(
                    ILList(
                        id: id, title: title, description: fields[2], isPublic: fields[3].map { $0 == "true" },
                        parentId: fields[4], folderId: fields[5], createdAt: fields[6], updatedAt: fields[7]))
            }
            guard lineNumber >= 1 else { throw Malformed(line: 0, reason: "empty") }
            return lists
        }
    }

    /// A value as written: `\N` for nil, the escapes for the four special characters.
    private static func field(_ value: String?) -> String {
        guard let value else { return "\\N" }
        guard value.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return value }
        var out = ""
        for character in value.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// The inverse of `field`.
    private static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.count == 2, bytes[0] == 0x5C, bytes[1] == 0x4E { return nil }
        guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var escaped = false
        for byte in bytes {
            if escaped {
                switch byte {
                case 0x74: out.append(0x09)  // t
                case 0x6E: out.append(0x0A)  // n
                case 0x72: out.append(0x0D)  // r
                default: out.append(byte)
                }
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
