/// Pre-filling a re-inspection from the inspection that asked for it.
///
/// Template and facility come from the parent (the store does that, and checks the parent is
/// `follow_up_required`); here only the answers: non-scoring answers are copied, while
/// `rating`, `pass_fail`, `image` and `signature` always start blank so they are judged
/// afresh (contract, "Re-inspection"). `checkbox` and `radio` answers are copied, as the iPad
/// client does: only those four types are excluded.
public enum Reinspection {
    /// The answers a re-inspection starts with.
    ///
    /// Only answers of the parent's schema input fields are copied (stray keys are dropped);
    /// blank answers (`null`, `""`) are not copied; blanked types are left out, which is how
    /// an unanswered field looks in `form_data`.
    public static func prepare(parentSchema: FormSchema, parentFormData: [String: FormValue]) -> [String: FormValue] {
        var out: [String: FormValue] = [:]
        for field in parentSchema.fields where !field.id.isEmpty && field.isInput && !field.type.isBlankedOnReinspection {
            guard out[field.id] == nil, let value = parentFormData[field.id] else { continue }
            switch value {
            case .null, .text(""):
                continue
            default:
                out[field.id] = value
            }
        }
        return out
    }
}
