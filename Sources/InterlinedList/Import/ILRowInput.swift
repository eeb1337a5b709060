import FieldOpsCore

/// `--set KEY=VALUE` and `--unset KEY` against a list's columns: values typed by the column,
/// and a misspelt key answered with the closest column instead of a silently stored new key.
public enum ILRowInput {
    /// Applies `--set` assignments to `data` (in order; a later one wins).
    public static func apply(sets: [String], unsets: [String] = [], to data: JSONObject, columns: [ILColumn]) throws -> JSONObject {
        var data = data
        for key in unsets {
            try requireColumn(key, columns, option: "--unset")
            data[key] = nil
        }
        for assignment in sets {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw FieldOpsError.usage(
                    "--set \(assignment): expected KEY=VALUE", hint: "for example --set qty=3; see the keys: fieldops il list schema LIST")
            }
            let key = String(assignment[..<equals])
            let text = String(assignment[assignment.index(after: equals)...])
            try requireColumn(key, columns, option: "--set")
            let column = columns.first { $0.key == key }
            do {
                data[key] = try ILCell.typed(text, for: column) ?? (column == nil ? .string("") : nil)
            } catch {
                throw FieldOpsError.usage("--set \(assignment): \(error.message)", hint: hint(for: column))
            }
        }
        return data
    }

    /// A key must name a column when the list has a schema (the server would store a stray key unseen).
    static func requireColumn(_ key: String, _ columns: [ILColumn], option: String) throws {
        guard !columns.isEmpty, !columns.contains(where: { $0.key == key }) else { return }
        throw FieldOpsError.usage(
            "\(option) \(key): not a column of this list" + suggestion(key, columns),
            hint: "columns: " + columns.map(\.key).joined(separator: ", "))
    }

    /// " (did you mean 'qty'?)" for the nearest key or label, or nothing.
    static func suggestion(_ word: String, _ columns: [ILColumn]) -> String {
        let keys = columns.map(\.key)
        if let match = Suggestions.closest(to: word, in: keys) { return " (did you mean '\(match)'?)" }
        if let label = Suggestions.closest(to: word, in: columns.map(\.label)), let column = columns.first(where: { $0.label == label }) {
            return " (did you mean '\(column.key)'?)"
        }
        return ""
    }

    static func hint(for column: ILColumn?) -> String? {
        guard let column else { return nil }
        switch column.kind {
        case .number?: return "\(column.key) is a number column: give digits, e.g. \(column.key)=3"
        case .boolean?: return "\(column.key) is a yes/no column: give true or false"
        case .multiselect?: return "give the options separated by commas: " + column.optionTexts.joined(separator: ", ")
        case .text?, .date?, .datetime?, .select?, .textarea?, .email?, .url?, .tel?, .priority?, nil: return nil
        }
    }

    /// The problems of a row as error detail lines, `KEY: message`.
    public static func check(_ data: JSONObject, columns: [ILColumn], what: String) throws {
        let problems = ILRowValidator.problems(data, columns: columns)
        guard !problems.isEmpty else { return }
        throw FieldOpsError(
            "\(what): the row does not pass the list's rules; nothing was sent",
            details: problems.map { "\($0.field): \($0.message)" },
            hint: "see the columns, their types and options: fieldops il list schema LIST", exitCode: .usage)
    }
}
