/// One choice of a `radio`, `select`, `checkbox_group` or `pass_fail` field.
///
/// Templates normally list options as plain strings (value and label are the same); an
/// object `{"label": …, "value": …}` is tolerated so a richer editor cannot break the client.
public struct FieldOption: Sendable, Hashable {
    /// What is stored in `form_data` when this option is picked.
    public var value: String
    /// What a person sees.
    public var label: String

    public init(value: String, label: String? = nil) {
        self.value = value
        self.label = label ?? value
    }

    /// The options a `pass_fail` field offers when its template lists none.
    public static let passFailDefaults: [FieldOption] = ["Pass", "Fail", "N/A"].map { FieldOption(value: $0) }
}
