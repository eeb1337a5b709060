import FieldOpsCore
import Foundation

extension JSONValue {
    /// Converts what `JSONSerialization.jsonObject` returned (already-decoded JSON) into a value:
    /// for tests that compare fieldops' JSON with Foundation's reading of it (the program has no
    /// Foundation).
    ///
    /// Booleans are told apart from numbers by their class, because on Linux `NSNumber(1) is
    /// Bool` is true. Whole numbers below 9e15 become integer lexemes, others the shortest
    /// double text; dictionary members come out in key order (Foundation keeps none).
    /// Returns nil for anything that is not a JSON type.
    public init?(foundationObject object: Any) {
        switch object {
        case is NSNull:
            self = .null
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            if type(of: number) == type(of: NSNumber(value: true)) {
                self = .bool(number.boolValue)
            } else if let converted = JSONValue.number(from: number) {
                self = .number(converted)
            } else {
                return nil
            }
        case let list as [Any]:
            var elements: [JSONValue] = []
            elements.reserveCapacity(list.count)
            for element in list {
                guard let value = JSONValue(foundationObject: element) else { return nil }
                elements.append(value)
            }
            self = .array(elements)
        case let dictionary as [String: Any]:
            var members: [(String, JSONValue)] = []
            members.reserveCapacity(dictionary.count)
            for key in dictionary.keys.sorted() {
                guard let element = dictionary[key], let value = JSONValue(foundationObject: element) else { return nil }
                members.append((key, value))
            }
            self = .object(JSONObject(members))
        default:
            return nil
        }
    }

    private static func number(from number: NSNumber) -> JSONNumber? {
        let double = number.doubleValue
        if double.rounded() == double, abs(double) < 9.0e15 {
            return JSONNumber(number.intValue)
        }
        return JSONNumber(double)
    }
}
