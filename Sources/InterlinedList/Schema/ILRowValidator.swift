import FieldOpsCore
import FoundationEssentials

/// The server's `validateFormData` (`lib/lists/dsl-validator.ts`), run before anything is sent:
/// columns in display order, at most one error per column, in the server's words, so a local
/// refusal reads exactly like the 400 `details` the server would have answered.
public enum ILRowValidator {
    public struct Problem: Sendable, Equatable {
        public var field: String
        public var message: String
    }

    /// Every problem of `data` against `columns` (empty: the server accepts it).
    public static func problems(_ data: JSONObject, columns: [ILColumn]) -> [Problem] {
        problems(data, checks: checks(for: columns))
    }

    /// Every problem of `data` against columns whose rules were read once by `checks(for:)`
    /// (an import checks thousands of rows against the same columns).
    public static func problems(_ data: JSONObject, checks: [Check]) -> [Problem] {
        var found: [Problem] = []
        for check in checks {
            let value = data[check.key]
            if isEmpty(value) {
                let hidden = !check.isVisible || check.visibility.map { !condition($0, holdsFor: data) } == true
                if check.isRequired && !hidden {
                    found.append(Problem(field: check.key, message: "\(check.label) is required"))
                }
                continue
            }
            if let value, let message = problem(value, check) {
                found.append(Problem(field: check.key, message: message))
            }
        }
        return found
    }

    /// A column and its rules, read from `validationRules` once. A class, so checking a row
    /// shares it rather than copying every field of the column per cell.
    public final class Check {
        let key: String
        let label: String
        let isRequired: Bool
        let isVisible: Bool
        let visibility: JSONObject?
        let rule: Rule

        init(_ column: ILColumn) {
            key = column.key
            label = column.label
            isRequired = column.isRequired
            isVisible = column.isVisible
            visibility = column.visibility
            let rules = column.rules
            func bound(_ name: String) -> Double? { rules[name]?.numberValue?.double }
            func dateBound(_ name: String) -> DateBound? {
                guard let value = rules[name], let seconds = ILDateValue.seconds(value) else { return nil }
                return DateBound(text: ILCell.text(value), seconds: seconds)
            }
            switch column.kind {
            case .number?: rule = .number(min: bound("min"), max: bound("max"))
            case .email?: rule = .email
            case .url?: rule = .url
            case .select?: rule = .select(column.options)
            case .multiselect?: rule = .multiselect(column.options)
            case .text?, .textarea?:
                // A pattern the regex engine refuses checks nothing, as before it was read once.
                let pattern = rules["pattern"]?.stringValue.flatMap { try? Regex($0).matchingSemantics(.unicodeScalar) }
                rule = .text(minLength: bound("minLength"), maxLength: bound("maxLength"), pattern: pattern)
            case .date?, .datetime?: rule = .date(min: dateBound("min"), max: dateBound("max"))
            case .boolean?: rule = .boolean
            case .tel?, .priority?, nil: rule = .none  // the server checks nothing of these
            }
        }
    }

    struct DateBound {
        var text: String
        var seconds: Double
    }

    enum Rule {
        case number(min: Double?, max: Double?)
        case email, url, boolean, none
        case select([JSONValue])
        case multiselect([JSONValue])
        case text(minLength: Double?, maxLength: Double?, pattern: Regex<AnyRegexOutput>?)
        case date(min: DateBound?, max: DateBound?)
    }

    public static func checks(for columns: [ILColumn]) -> [Check] {
        columns.map(Check.init)
    }

    /// "Empty" as the server means it: missing, null or "".
    static func isEmpty(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: return true
        case .string(let text)?: return text.isEmpty
        default: return false
        }
    }

    static func problem(_ value: JSONValue, _ check: Check) -> String? {
        let label = check.label
        switch check.rule {
        case .number(let low, let high):
            guard let number = numeric(value) else { return "\(label) must be a valid number" }
            if let low, number < low { return "\(label) must be at least \(format(low))" }
            if let high, number > high { return "\(label) must be at most \(format(high))" }
        case .email:
            guard let text = value.stringValue, isEmail(text) else { return "\(label) must be a valid email address" }
        case .url:
            guard let text = value.stringValue, isURL(text) else { return "\(label) must be a valid URL" }
        case .select(let options):
            if !options.isEmpty, !options.contains(value) {
                return "\(label) must be one of: " + options.map(ILCell.text).joined(separator: ", ")
            }
        case .multiselect(let options):
            guard !options.isEmpty else { return nil }
            guard let items = value.arrayValue else { return "\(label) must be an array" }
            let invalid = items.filter { !options.contains($0) }
            if !invalid.isEmpty { return "\(label) contains invalid options: " + invalid.map(ILCell.text).joined(separator: ", ") }
        case .text(let low, let high, let pattern):
            guard let text = value.stringValue else { return nil }
            let length = text.utf16.count  // JavaScript's String.length
            if let low, Double(length) < low { return "\(label) must be at least \(format(low)) characters" }
            if let high, Double(length) > high { return "\(label) must be at most \(format(high)) characters" }
            if let pattern, (try? pattern.firstMatch(in: text)) == nil {
                return "\(label) format is invalid"
            }
        case .date(let low, let high):
            guard let stamp = ILDateValue.seconds(value) else { return "\(label) must be a valid date" }
            if let low, stamp < low.seconds { return "\(label) must be after \(low.text)" }
            if let high, stamp > high.seconds { return "\(label) must be before \(high.text)" }
        case .boolean:
            if value.boolValue == nil { return "\(label) must be true or false" }
        case .none:
            break
        }
        return nil
    }

    /// `parseFloat` for strings (the longest numeric prefix), the number itself otherwise.
    static func numeric(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let number): return number.double
        case .string(let text):
            return parseFloatPrefix(text)
        default: return nil
        }
    }

    /// JavaScript's `parseFloat`: leading whitespace skipped, then the longest prefix that is a
    /// decimal number (`12abc` is 12, `abc` is NaN).
    static func parseFloatPrefix(_ text: String) -> Double? {
        let bytes = Array(text.utf8.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }))
        var end = 0
        func digits() -> Int {
            let start = end
            while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
            return end - start
        }
        if end < bytes.count, bytes[end] == 0x2B || bytes[end] == 0x2D { end += 1 }
        if bytes[end...].starts(with: Array("Infinity".utf8)) { return bytes.first == 0x2D ? -.infinity : .infinity }
        var count = digits()
        if end < bytes.count, bytes[end] == 0x2E {
            end += 1
            count += digits()
        }
        guard count > 0 else { return nil }
        let mantissaEnd = end
        if end < bytes.count, bytes[end] == 0x65 || bytes[end] == 0x45 {
            end += 1
            if end < bytes.count, bytes[end] == 0x2B || bytes[end] == 0x2D { end += 1 }
            if digits() == 0 { end = mantissaEnd }
        }
        return Double(String(decoding: bytes[0..<end], as: UTF8.self))
    }

    static func isEmail(_ text: String) -> Bool {
        // ^[^\s@]+@[^\s@]+\.[^\s@]+$
        guard !text.contains(where: { $0.isWhitespace }) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let domain = parts[1]
        guard let dot = domain.lastIndex(of: "."), dot != domain.startIndex, domain.index(after: dot) != domain.endIndex else {
            return false
        }
        return true
    }

    /// What `new URL(text)` accepts, near enough: a scheme, and a host for the web schemes.
    static func isURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
        else { return false }
        let rest = text[text.index(after: colon)...]
        if ["http", "https", "ftp", "ws", "wss"].contains(scheme.lowercased()) {
            let host = rest.drop(while: { $0 == "/" }).prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
            return !host.isEmpty && !host.contains(" ")
        }
        return true
    }

    static func condition(_ condition: JSONObject, holdsFor data: JSONObject) -> Bool {
        let value = condition["field"]?.stringValue.flatMap { data[$0] }
        let wanted = condition["value"] ?? .null
        switch condition["operator"]?.stringValue {
        case "equals": return (value ?? .null) == wanted
        case "notEquals": return (value ?? .null) != wanted
        case "contains": return contains(value, wanted)
        case "notContains": return !contains(value, wanted)
        case "isEmpty": return isEmpty(value)
        case "isNotEmpty": return !isEmpty(value)
        case let comparison?:
            // JavaScript compares with Number(): a value that is not numeric makes every comparison false.
            guard let left = jsNumber(value), let right = jsNumber(wanted) else { return false }
            switch comparison {
            case "greaterThan": return left > right
            case "lessThan": return left < right
            case "greaterThanOrEqual": return left >= right
            case "lessThanOrEqual": return left <= right
            default: return true
            }
        case nil: return true
        }
    }

    static func jsNumber(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let number)?: return number.double
        case .string(let text)?: return Double(text.trimmingSpaces())
        case .bool(let flag)?: return flag ? 1 : 0
        default: return nil
        }
    }

    static func contains(_ value: JSONValue?, _ wanted: JSONValue) -> Bool {
        switch value {
        case .string(let text)?: return wanted.stringValue.map { text.contains($0) } ?? false
        case .array(let items)?: return items.contains(wanted)
        default: return false
        }
    }

    static func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
