import FieldOpsCore
import FoundationEssentials

/// The rows of `il row add --from FILE`: a CSV file with a header row, or JSON lines (one object
/// per line). Every row is typed by the list's columns and checked with the server's rules; a
/// single problem anywhere means nothing is sent, and each is reported as `FILE:LINE: column: message`.
///
/// An `id` column (or member), which `il list export` writes first, is the row's own id when the
/// list has no column of that key: a row with one names a row to update, a row without one is new.
public struct ILRowImport: Sendable {
    public struct Row: Sendable, Equatable {
        public var line: Int
        public var data: JSONObject
        /// Cells that could not be typed; already reported, so the server's rules skip them.
        var untyped: Set<String> = []
        /// The row's id from the `id` column: a row to update; nil for a new row.
        public var id: String?
    }

    /// The key that holds a row's own id in an export, unless the list has a column of that key.
    static let idKey = "id"

    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: String?
        public var message: String
        public var description: String { "\(file):\(line): " + (column.map { "\($0): " } ?? "") + message }
    }

    public var rows: [Row] = []
    public var problems: [Problem] = []

    /// A file read and split into records: everything that needs no columns, so it can be done
    /// while the list's columns are still being fetched.
    public struct Source: Sendable {
        var name: String
        var content: Content

        enum Content: Sendable {
            case csv(Result<[CSVText.Record], CSVText.Malformed>)
            case jsonLines(String)
        }

        /// `text` named `name` in messages; `path` decides CSV or JSON lines by its extension.
        public init(text: String, name: String, path: String) {
            self.name = name
            let lower = path.lowercased()
            let looksLikeJSON =
                lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson")
                || text.drop(while: { $0.isWhitespace }).first == "{"
            if looksLikeJSON {
                content = .jsonLines(text)
            } else {
                content = .csv(Result { () throws(CSVText.Malformed) in try CSVText.records(text) })
            }
        }

        /// Reads `path` (named by it in messages).
        public init(path: String) throws {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FieldOpsError("cannot read \(path)", hint: "check that the file exists and is readable", exitCode: .usage)
            }
            self.init(text: String(decoding: data, as: UTF8.self), name: path, path: path)
        }
    }

    /// Types every row of `source` by `columns` (none: a list without a schema, where any key is
    /// accepted and every value is text) and checks it with the server's rules.
    public static func check(_ source: Source, columns: [ILColumn]) -> ILRowImport {
        let name = source.name
        var result =
            switch source.content {
            case .jsonLines(let text): jsonLines(text, file: name, columns: columns)
            case .csv(let records): csv(records, file: name, columns: columns)
            }
        let checks = ILRowValidator.checks(for: columns)
        for row in result.rows {
            for problem in ILRowValidator.problems(row.data, checks: checks) where !row.untyped.contains(problem.field) {
                result.problems.append(Problem(file: name, line: row.line, column: problem.field, message: problem.message))
            }
        }
        result.problems.sort { ($0.line, $0.column ?? "") < ($1.line, $1.column ?? "") }
        return result
    }

    static func csv(_ split: Result<[CSVText.Record], CSVText.Malformed>, file: String, columns: [ILColumn]) -> ILRowImport {
        var result = ILRowImport()
        let records: [CSVText.Record]
        switch split {
        case .success(let split): records = split
        case .failure(let error):
            result.problems.append(Problem(file: file, line: error.line, column: nil, message: error.reason))
            return result
        }
        guard let header = records.first else {
            result.problems.append(Problem(file: file, line: 1, column: nil, message: "no header row (the first line names the columns)"))
            return result
        }
        // A header cell names a column by key, or by its label (case-insensitive); `id` is the
        // row's own id (as `il list export` writes it) unless a column has that key.
        var keys: [String?] = []
        var idIndex: Int?
        let idIsColumn = columns.contains { $0.key == idKey }
        for (index, name) in header.fields.enumerated() {
            let trimmed = name.trimmingSpaces()
            if trimmed == idKey, !idIsColumn, idIndex == nil {
                idIndex = index
                keys.append(nil)
            } else if columns.isEmpty {
                keys.append(trimmed)
            } else if let column = columns.first(where: { $0.key == trimmed })
                ?? columns.first(where: { $0.label.lowercased() == trimmed.lowercased() })
            {
                keys.append(column.key)
            } else {
                keys.append(nil)
                result.problems.append(
                    Problem(
                        file: file, line: header.line, column: trimmed,
                        message: "not a column of this list" + ILRowInput.suggestion(trimmed, columns)))
            }
        }
        // Each header cell's typing and label, decided once rather than once per cell.
        let typings: [(typing: ILCell.Typing, label: String)?] = keys.map { key in
            columns.first { $0.key == key }.map { (ILCell.Typing($0), $0.label) }
        }
        // Two header cells may name one column (its key and its label): the later one wins, as
        // assigning twice would. Otherwise a row's keys are known to differ.
        let named = keys.compactMap { $0 }
        let distinct = Set(named).count == named.count
        result.rows.reserveCapacity(records.count - 1)
        for record in records.dropFirst() {
            if record.fields.count != keys.count {
                result.problems.append(
                    Problem(
                        file: file, line: record.line, column: nil,
                        message: "\(record.fields.count) fields, but the header has \(keys.count)"))
                continue
            }
            var members: [JSONObject.Member] = []
            members.reserveCapacity(keys.count)
            var untyped = Set<String>()
            for (index, cell) in record.fields.enumerated() {
                guard let key = keys[index] else { continue }
                do {
                    let value =
                        if let typing = typings[index] {
                            try ILCell.typed(cell, as: typing.typing, label: typing.label)
                        } else {
                            try ILCell.typed(cell, for: nil)
                        }
                    if let value { members.append(JSONObject.Member(key: key, value: value)) }
                } catch {
                    result.problems.append(Problem(file: file, line: record.line, column: key, message: error.message))
                    members.append(JSONObject.Member(key: key, value: .string(cell)))
                    untyped.insert(key)
                }
            }
            let data = distinct ? JSONObject(distinctMembers: members) : JSONObject(members.map { ($0.key, $0.value) })
            let id = idIndex.map { record.fields[$0].trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 }
            result.rows.append(Row(line: record.line, data: data, untyped: untyped, id: id))
        }
        return result
    }

    static func jsonLines(_ text: String, file: String, columns: [ILColumn]) -> ILRowImport {
        var result = ILRowImport()
        let known = Set(columns.map(\.key))
        let idIsColumn = known.contains(idKey)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingSpaces()
            if trimmed.isEmpty { continue }
            guard let value = try? JSONValue(parsing: trimmed), var object = value.objectValue else {
                result.problems.append(Problem(file: file, line: index + 1, column: nil, message: "not a JSON object"))
                continue
            }
            var id: String?
            if !idIsColumn, let member = object[idKey] {
                id = member.stringValue.flatMap { $0.isEmpty ? nil : $0 }
                object = JSONObject(distinctMembers: object.filter { $0.key != idKey })
            }
            if !known.isEmpty {
                for key in object.keys where !known.contains(key) {
                    result.problems.append(
                        Problem(
                            file: file, line: index + 1, column: key,
                            message: "not a column of this list" + ILRowInput.suggestion(key, columns)))
                }
            }
            result.rows.append(Row(line: index + 1, data: object, id: id))
        }
        return result
    }
}
