import FieldOpsCore

/// One thing wrong with one answer.
public struct AnswerProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key as the person wrote it (a field id or a label); empty for a whole-file problem.
    public var key: String
    /// The field the key resolved to, when it resolved to one.
    public var fieldID: String?
    public var fieldLabel: String?
    /// How messages name the field (`FormField.reference`): `4. Floor dry and clean`.
    public var fieldReference: String?
    /// The answers-file key the answer came under, said beside the field when it is not the
    /// field's label (a file keyed by template ids).
    public var answersKey: String?
    /// What is wrong, in words that say how to fix it ("rating must be a whole number from 0
    /// to 5, got 7").
    public var message: String

    public init(key: String, fieldID: String? = nil, fieldLabel: String? = nil, fieldReference: String? = nil, message: String) {
        self.key = key
        self.fieldID = fieldID
        self.fieldLabel = fieldLabel
        self.fieldReference = fieldReference
        self.message = message
    }

    init(field: FormField, message: String) {
        self.init(key: field.id, fieldID: field.id, fieldLabel: field.label, fieldReference: field.reference, message: message)
    }

    /// `4. Floor dry and clean: pass/fail takes …`, the field named as the form shows it
    /// (`4. Floor dry and clean (key "5"): …` from an answers file keyed by template id).
    public var description: String {
        if let fieldReference {
            let key = answersKey.map { " (key \"\($0)\")" } ?? ""
            return "\(fieldReference)\(key): \(message)"
        }
        if let id = fieldID {
            let label = fieldLabel.map { $0.isEmpty ? "" : " \"\($0)\"" } ?? ""
            return "field \(id)\(label): \(message)"
        }
        return key.isEmpty ? message : "\"\(key)\": \(message)"
    }
}

/// Answers that cannot be saved; nothing of them was applied.
///
/// Collects every problem so a person fixes an answers file in one pass: the summary names
/// the single problem, or counts them and lists each on its own details line.
public struct AnswerError: UserFacingError, Equatable {
    public var problems: [AnswerProblem]
    /// The answers file, when the answers came from one ("answers.yaml").
    public var source: String?

    public init(problems: [AnswerProblem], source: String? = nil) {
        self.problems = problems
        self.source = source
    }

    public init(_ problem: AnswerProblem, source: String? = nil) {
        self.init(problems: [problem], source: source)
    }

    public var summary: String {
        let prefix = source.map { "\($0): " } ?? ""
        if problems.count == 1, let only = problems.first {
            let isWholeFile = only.key.isEmpty && only.fieldID == nil
            return prefix + (isWholeFile ? "" : "invalid answer for ") + only.description
        }
        return prefix + (problems.count == 1 ? "1 answer is" : "\(problems.count) answers are") + " invalid; nothing was saved"
    }

    public var details: [String] {
        problems.count > 1 ? problems.map(\.description) : []
    }

    public var hint: String? {
        "see each field's id, label, type and options: fieldops jqc templates show TEMPLATE_ID"
    }

    public var exitCode: ExitCode { .usage }
}
