import FieldOpsCore
import FoundationEssentials

/// How answers read on a terminal.
enum CardText {
    /// One answer on one line: stars for a rating, yes/no for a checkbox, a list joined.
    static func answer(_ value: FormValue, field: FormField) -> String {
        switch field.type {
        case .rating:
            guard case .number(let n) = value, let stars = n.integerValue, (0...5).contains(stars) else { return value.displayText }
            return stars == 0 ? "—" : String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars) + " \(stars)/5"
        case .checkbox:
            if value == .text("true") || value == .bool(true) { return "yes" }
            if value == .text("false") || value == .bool(false) { return "no" }
            return value.displayText
        default:
            return value.displayText
        }
    }
}

/// `jqc inspect show`: an inspection as a card — its facts, then every field in grid order
/// with its answer, then its issues and photos.
struct InspectionCard {
    var title: String
    var badge: InspectionBadge?
    var facts: [(String, String)]
    var schema: FormSchema?
    var formData: [String: FormValue]
    var issues: [LocalIssue] = []
    /// Photo lines already rendered (local path and/or URL), by field id; "" for issue photos.
    var photos: [(field: String, text: String)] = []
    /// Turns a photo field's value into what to show (local copy path, server URL).
    var photoText: (String) -> String = { $0 }

    func render(color: Bool, width: Int) -> String {
        var out: [String] = []
        var heading = Style.bold.apply(title, enabled: color)
        if let badge {
            let style: Style =
                switch badge.tone {
                case .blue: .blue
                case .orange: .yellow
                case .green: .green
                case .red: .red
                }
            heading += "  " + style.apply("[\(badge.label)]", enabled: color)
        }
        out.append(heading)
        let factWidth = facts.map(\.0.count).max() ?? 0
        for (label, value) in facts {
            out.append("  " + label + String(repeating: " ", count: factWidth - label.count + 2) + value)
        }
        if let schema { out += fieldLines(schema, color: color, width: width) }
        if !issues.isEmpty {
            out.append("")
            out.append(Style.bold.apply("Issues (\(issues.count))", enabled: color))
            for issue in issues {
                let id = issue.serverID.map { "#\($0)" } ?? issue.localID
                out.append("  [\(issue.severity)] \(issue.status)  \(issue.description)  (\(id), \(issue.syncStatus.rawValue))")
            }
        }
        if !photos.isEmpty {
            out.append("")
            out.append(Style.bold.apply("Photos (\(photos.count))", enabled: color))
            for photo in photos { out.append("  " + photoOwner(photo.field) + ": " + photo.text) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func fieldLines(_ schema: FormSchema, color: Bool, width: Int) -> [String] {
        var out: [String] = []
        let labelWidth = min(32, schema.inputFields.map { displayLabel($0).count + ($0.required ? 2 : 0) }.max() ?? 0)
        for field in schema.fieldsInGridOrder {
            switch field.type {
            case .section:
                out.append("")
                out.append(Style.bold.apply("== " + (field.label.isEmpty ? field.textContent ?? "" : field.label) + " ==", enabled: color))
                continue
            case .label:
                let text = field.textContent ?? field.label
                if !text.isEmpty { out.append("  " + Style.dim.apply(text, enabled: color)) }
                continue
            case .buttonSubmit, .buttonPrint, .buttonEmail:
                continue
            case .unsupported:
                let why = field.defect.map { "template field \($0)" } ?? "type \"\(field.type.name)\""
                out.append("  " + Style.yellow.apply("\(field.reference): unsupported (\(why))", enabled: color))
                continue
            default:
                break
            }
            var label = displayLabel(field) + (field.required ? " *" : "")
            if label.count > labelWidth { label = String(label.prefix(labelWidth - 1)) + "…" }
            let pad = String(repeating: " ", count: max(0, labelWidth - label.count) + 2)
            let value = formData[field.id]
            guard let value, value.isAnswered(for: field) else {
                let blank = field.required ? Style.red.apply("— (required)", enabled: color) : Style.dim.apply("—", enabled: color)
                out.append("  " + label + pad + blank)
                continue
            }
            if case .table(let rows) = value {
                out.append("  " + label + pad + (field.colHeaders.isEmpty ? "" : field.colHeaders.joined(separator: " | ")))
                let indent = String(repeating: " ", count: 2 + labelWidth + 2)
                for row in rows { out.append(indent + row.joined(separator: " | ")) }
                continue
            }
            let text = field.type.holdsPhoto ? photoText(value.text ?? value.displayText) : CardText.answer(value, field: field)
            out.append("  " + label + pad + text)
        }
        return out
    }

    /// `4. Floor dry and clean`: the number and name the form shows, so what is read here is
    /// what `--field` and the form's `g` take.
    private func displayLabel(_ field: FormField) -> String { field.reference }

    private func photoOwner(_ fieldID: String) -> String {
        if fieldID.isEmpty { return "issue" }
        return schema?.field(withID: fieldID)?.reference ?? "field id:\(fieldID)"
    }
}
