import FieldOpsCore
import FoundationEssentials

/// An answers file for `jqc inspect fill --answers`: answers keyed by field id or label.
///
/// Resolution is all or nothing: every key and value is checked, every problem is collected,
/// and either all answers come back or one `AnswerError` lists each problem on its own line.
public enum AnswersFile {
    /// Reads a JSON answers file: one object of `key: value`.
    public static func parse(json data: Data, source: String = "answers") throws -> [String: AnswerInput] {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data, source: source)
        } catch {
            throw AnswersSyntaxError(error)
        }
        guard case .object(let members) = value else {
            throw AnswerError(
                AnswerProblem(key: "", message: "the answers must be one object of field id or label to value, found \(value.kindWord)"),
                source: source)
        }
        // The parser refuses repeated keys, so every member lands in the dictionary.
        return Dictionary(members.map { ($0.key, AnswerInput(json: $0.value)) }, uniquingKeysWith: { _, last in last })
    }

    /// The checked form values for `rawAnswers`, keyed by field id.
    ///
    /// A key matches a field's id exactly first; otherwise an input field's label, ignoring
    /// case and surrounding spaces. Keys are the form-data keys the server stores, never the
    /// numbers the form shows, so a file written once for a template always means the same. A
    /// label shared by several fields is ambiguous (the error lists their ids); an unknown key
    /// is an error with a did-you-mean over ids and labels; two keys naming the same field are
    /// an error. A problem names its field as the form does, with the key when it is not the label.
    public static func resolve(rawAnswers: [String: AnswerInput], schema: FormSchema, source: String? = nil) throws -> [String: FormValue] {
        let inputs = schema.inputFields
        let position = Dictionary(schema.fieldsInGridOrder.enumerated().map { ($1.index, $0) }, uniquingKeysWith: { a, _ in a })
        var resolved: [String: FormValue] = [:]
        var claimedBy: [String: String] = [:]
        var problems: [(order: Int, problem: AnswerProblem)] = []

        for key in rawAnswers.keys.sorted() {
            guard let input = rawAnswers[key] else { continue }
            let field: FormField
            switch match(key, schema: schema, inputs: inputs) {
            case .field(let f):
                field = f
            case .ambiguous(let fields):
                let ids = fields.map(\.id).joined(separator: ", ")
                problems.append(
                    (
                        Int.max,
                        AnswerProblem(
                            key: key,
                            message:
                                "the label matches several fields (\(fields.references)): key the answer by field id instead (ids \(ids))")
                    ))
                continue
            case .unknown:
                var message = "no field has this id or label"
                let candidates = inputs.map(\.id) + inputs.map(\.label).filter { !$0.isEmpty }
                if let guess = Suggestions.closest(to: key, in: candidates, ignoringCase: true, tolerance: .phrase) {
                    let target = inputs.first { $0.id == guess } ?? inputs.first { $0.label == guess }
                    message += " — did you mean \"\(guess)\"" + (target.map { $0.id == guess ? "" : " (id \($0.id))" } ?? "") + "?"
                }
                problems.append((Int.max, AnswerProblem(key: key, message: message)))
                continue
            }
            let order = position[field.index] ?? Int.max
            if let earlier = claimedBy[field.id] {
                problems.append((order, AnswerProblem(field: field, message: "is answered twice, as \"\(earlier)\" and as \"\(key)\"")))
                continue
            }
            claimedBy[field.id] = key
            do {
                resolved[field.id] = try FieldValidator.check(try FieldValidator.convert(input, for: field), for: field)
            } catch var problem as AnswerProblem {
                // The form's number and label, and the key as the file wrote it when that is
                // not the label: a file keyed by ids is searched by its keys.
                let isLabel = key.trimmingWhitespace().lowercased() == field.label.trimmingWhitespace().lowercased()
                if !isLabel, field.number != nil { problem.answersKey = key }
                problems.append((order, problem))
            }
        }

        guard problems.isEmpty else {
            let ordered = problems.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
            throw AnswerError(problems: ordered.map(\.element.problem), source: source)
        }
        return resolved
    }

    enum Match {
        case field(FormField)
        case ambiguous([FormField])
        case unknown
    }

    static func match(_ key: String, schema: FormSchema, inputs: [FormField]) -> Match {
        if let byID = schema.field(withID: key) { return .field(byID) }
        let folded = key.trimmingWhitespace().lowercased()
        guard !folded.isEmpty else { return .unknown }
        let byLabel = inputs.filter { $0.label.trimmingWhitespace().lowercased() == folded }
        switch byLabel.count {
        case 0: return .unknown
        case 1: return .field(byLabel[0])
        default: return .ambiguous(byLabel)
        }
    }
}
