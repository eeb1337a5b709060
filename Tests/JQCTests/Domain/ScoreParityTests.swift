import Foundation
import Testing

@testable import JQC

/// The Swift score must equal, case by case, the independent python3 implementation of the
/// server's formula (`Tests/Emulators/jqc_score.py`, which the emulator scores with too),
/// rounding included.
@Suite("Score parity with the python reference")
struct ScoreParityTests {
    struct Case: CustomStringConvertible {
        var name: String
        var schema: String
        var data: String
        var description: String { "\(name): schema \(schema) data \(data)" }
    }

    // MARK: - Case builders

    /// A field object; `id` is written as given (quote it for a string id).
    static func field(_ id: String, _ type: String) -> String {
        #"{"id": \#(id), "type": "\#(type)", "label": "F\#(id.filter { $0 != "\"" })"}"#
    }

    static func one(_ name: String, _ type: String, _ value: String, id: String = "1") -> Case {
        let key = id.hasPrefix("\"") ? String(id.dropFirst().dropLast()) : id
        return Case(name: name, schema: "[\(field(id, type))]", data: #"{"\#(key)": \#(value)}"#)
    }

    /// `count` fields of `type` with ids 1…count and the values in turn (string ids when asked).
    static func many(_ name: String, _ type: String, _ values: [String], stringIDs: Bool = false) -> Case {
        let ids = values.indices.map { stringIDs ? "\"f\($0 + 1)\"" : "\($0 + 1)" }
        let fields = ids.map { field($0, type) }.joined(separator: ",")
        let data = zip(ids, values).map { id, v in
            let key = id.hasPrefix("\"") ? id : "\"\(id)\""
            return "\(key): \(v)"
        }.joined(separator: ",")
        return Case(name: name, schema: "[\(fields)]", data: "{\(data)}")
    }

    static var cases: [Case] {
        var c: [Case] = [
            one("rating int id", "rating", "4"),
            one("rating string id", "rating", "3", id: "\"r_1712\""),
            one("rating zero is unanswered", "rating", "0"),
            one("rating null", "rating", "null"),
            one("rating as string is not a number", "rating", "\"4\""),
            one("rating boolean is not a number", "rating", "true"),
            one("rating fractional is unanswered", "rating", "2.5"),
            one("rating 4.0 counts as 4", "rating", "4.0"),
            one("rating out of range is unanswered", "rating", "7"),
            one("rating negative is unanswered", "rating", "-1"),
            one("checkbox true string", "checkbox", "\"true\""),
            one("checkbox false string", "checkbox", "\"false\""),
            one("checkbox JSON true", "checkbox", "true"),
            one("checkbox JSON false", "checkbox", "false"),
            one("checkbox empty string unanswered", "checkbox", "\"\""),
            one("checkbox TRUE is not true", "checkbox", "\"TRUE\""),
            one("checkbox number", "checkbox", "1"),
            one("radio yes mixed case", "radio", "\"Yes\""),
            one("radio no", "radio", "\"no\""),
            one("radio empty", "radio", "\"\""),
            one("radio padded yes is not trimmed", "radio", "\" yes \""),
            one("radio number answered, fails", "radio", "1"),
            one("radio list answered, fails", "radio", "[\"yes\"]"),
            one("pass_fail Pass", "pass_fail", "\"Pass\""),
            one("pass_fail Fail", "pass_fail", "\"Fail\""),
            one("pass_fail empty unanswered", "pass_fail", "\"\""),
            one("pass_fail N/A answered, fails", "pass_fail", "\"N/A\""),
            one("pass_fail string id", "pass_fail", "\"COMPLIANT\"", id: "\"pf\""),
            one("pass_fail number is unanswered", "pass_fail", "1"),
            one("pass_fail null is unanswered", "pass_fail", "null"),
            one("checkbox null counts as a fail", "checkbox", "null"),
            one("radio null counts as a fail", "radio", "null"),
            one("fractional id is never scored", "checkbox", "\"true\"", id: "5.0"),
            one("empty string id is scored under the key \"\"", "checkbox", "\"true\"", id: "\"\""),
            one("text is not scoreable", "text", "\"yes\""),
            one("select is not scoreable", "select", "\"Pass\""),
            one("unknown type Rating is not scored", "Rating", "5"),
            Case(name: "empty schema", schema: "[]", data: "{}"),
            Case(name: "missing answers: the radio still counts", schema: "[\(field("1", "rating")),\(field("2", "radio"))]", data: "{}"),
            Case(
                name: "missing checkbox counts as unticked", schema: "[\(field("1", "checkbox")),\(field("2", "rating"))]",
                data: #"{"2": 5}"#),
            Case(
                name: "only unanswered pass_fail and rating", schema: "[\(field("1", "pass_fail")),\(field("2", "rating"))]",
                data: #"{"1": "", "2": 0}"#),
            many("two of three checkboxes", "checkbox", ["\"true\"", "\"true\"", "\"false\""]),
            many("one of six", "radio", ["\"ok\"", "\"no\"", "\"no\"", "\"no\"", "\"no\"", "\"no\""]),
            many("one of three", "pass_fail", ["\"good\"", "\"bad\"", "\"poor\""], stringIDs: true),
            many("pass words", "radio", ["\"pass\"", "\"YES\"", "\"Ok\"", "\"good\"", "\"Acceptable\"", "\"compliant\"", "\"fine\""]),
            many("ratings mixed with zeros", "rating", ["1", "0", "5", "3", "0", "2"]),
            many("tie 3.125 rounds to even", "checkbox", ["true"] + Array(repeating: "false", count: 31)),
            many("tie 15.625", "checkbox", Array(repeating: "\"true\"", count: 5) + Array(repeating: "\"false\"", count: 27)),
            many("ratings summing to a 13.125 tie", "rating", Array(repeating: "3", count: 7) + Array(repeating: "\"\"", count: 0))
                .padded(toCheckboxFails: 25),
            many("ratings 0.625", "rating", ["1"]).padded(toCheckboxFails: 31),
            Case(
                name: "mixed template, int and string ids",
                schema:
                    "[\(field("1", "section")),\(field("2", "rating")),\(field("\"f_3\"", "checkbox")),\(field("4", "radio")),\(field("\"pf\"", "pass_fail")),\(field("6", "text")),\(field("7", "rating")),\(field("8", "image"))]",
                data: #"{"2": 4, "f_3": "true", "4": "No", "pf": "", "6": "n/a", "7": 0, "8": "uploads/photos/a.jpg"}"#),
            Case(
                name: "every field type, only four score",
                schema: "["
                    + [
                        "text", "email", "textarea", "number", "date", "checkbox", "checkbox_group", "radio", "select", "rating",
                        "pass_fail", "signature", "image", "table", "section", "label", "button_submit", "button_print", "button_email",
                    ]
                    .enumerated().map { field("\($0.offset + 1)", $0.element) }.joined(separator: ",") + "]",
                data:
                    #"{"1": "yes", "2": "a@b.c", "3": "ok", "4": 5, "5": "2026-05-01", "6": "true", "7": ["yes"], "8": "Acceptable", "9": "pass", "10": 3, "11": "Fail", "12": "uploads/photos/s.png", "13": "", "14": [["ok"]], "15": "pass", "16": "yes"}"#
            ),
            Case(
                name: "duplicate ids count twice",
                schema: "[\(field("1", "rating")),\(field("1", "rating")),\(field("2", "checkbox"))]",
                data: #"{"1": 2, "2": "false"}"#),
            Case(
                name: "field without id is skipped",
                schema: #"[{"type": "rating", "label": "no id"}, {"id": 2, "type": "checkbox"}]"#,
                data: #"{"2": "true", "None": 5}"#),
            Case(
                name: "stray keys ignored",
                schema: "[\(field("1", "pass_fail"))]",
                data: #"{"1": "pass", "99": 5, "x": "yes"}"#),
        ]
        c += generated(count: 40)
        return c
    }

    /// Deterministic pseudo-random templates over every scoreable type and awkward values.
    static func generated(count: Int) -> [Case] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let values: [String: [String]] = [
            "rating": ["0", "1", "2", "3", "4", "5", "null", "\"\"", "4.0", "2.5", "\"3\""],
            "checkbox": ["\"true\"", "\"false\"", "true", "false", "\"\"", "null"],
            "radio": ["\"Yes\"", "\"No\"", "\"ok\"", "\"\"", "\"Poor\"", "\"GOOD\""],
            "pass_fail": ["\"Pass\"", "\"Fail\"", "\"N/A\"", "\"\"", "\"acceptable\"", "null"],
            "text": ["\"pass\"", "\"\""],
        ]
        let types = ["rating", "checkbox", "radio", "pass_fail", "text"]
        return (0..<count).map { n in
            let size = 1 + next(24)
            var fields: [String] = []
            var data: [String] = []
            for i in 0..<size {
                let type = types[next(types.count)]
                let id = next(2) == 0 ? "\(i)" : "\"g\(i)\""
                fields.append(field(id, type))
                if next(5) > 0, let options = values[type] {
                    let key = id.hasPrefix("\"") ? id : "\"\(id)\""
                    data.append("\(key): \(options[next(options.count)])")
                }
            }
            return Case(name: "generated \(n)", schema: "[\(fields.joined(separator: ","))]", data: "{\(data.joined(separator: ","))}")
        }
    }

    // MARK: - Tests

    /// The emulator's scorer: the server's rule written independently in python.
    static let referenceScript = PythonProcess.directory
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Emulators/jqc_score.py").path

    @Test func everyCaseMatchesTheServerFormulaInPython() throws {
        try compareEveryCase(with: Self.referenceScript)
    }

    func compareEveryCase(with script: String) throws {
        let cases = Self.cases
        #expect(cases.count >= 30)
        let input = "[" + cases.map { #"{"schema": \#($0.schema), "data": \#($0.data)}"# }.joined(separator: ",\n") + "]"
        let output = try PythonProcess.run([script], stdin: Data(input.utf8))
        let expected = try JSONDecoder().decode([Double?].self, from: output)
        try #require(expected.count == cases.count)
        for (c, want) in zip(cases, expected) {
            let schema = try FormSchema(jsonData: Data(c.schema.utf8))
            let data = try FormData.decode(Data(c.data.utf8))
            let got = InspectionScore.compute(schema: schema, formData: data)
            #expect(got == want, "\(c) → swift \(String(describing: got)), python \(String(describing: want))")
        }
        // The suite must exercise both outcomes, or it proves little.
        #expect(expected.contains { $0 == nil })
        #expect(Set(expected.compactMap { $0 }).count > 10)
    }

    @Test func knownScoresByHand() throws {
        func score(_ c: Case) throws -> Double? {
            InspectionScore.compute(schema: try FormSchema(jsonData: Data(c.schema.utf8)), formData: try FormData.decode(Data(c.data.utf8)))
        }
        #expect(try score(Self.many("2/3", "checkbox", ["\"true\"", "\"true\"", "\"false\""])) == 66.67)
        #expect(try score(Self.many("1/6", "radio", ["\"yes\""] + Array(repeating: "\"no\"", count: 5))) == 16.67)
        #expect(try score(Self.one("4 stars", "rating", "4")) == 80)
        #expect(try score(Self.many("1/32", "checkbox", ["true"] + Array(repeating: "false", count: 31))) == 3.12)
        #expect(try score(Self.one("nothing", "pass_fail", "\"\"")) == nil)
        #expect(
            try score(Case(name: "absent radio", schema: "[\(Self.field("1", "radio")),\(Self.field("2", "rating"))]", data: #"{"2": 5}"#))
                == 50)
        #expect(try score(Self.one("2.5 stars", "rating", "2.5")) == nil)
    }
}

extension ScoreParityTests.Case {
    /// Adds `n` failing checkboxes (ids c1…cn) to make the total larger.
    func padded(toCheckboxFails n: Int) -> Self {
        let extraFields = (1...n).map { ScoreParityTests.field("\"c\($0)\"", "checkbox") }.joined(separator: ",")
        let extraData = (1...n).map { #""c\#($0)": "false""# }.joined(separator: ",")
        let schemaBody = schema.dropFirst().dropLast()
        let dataBody = data.dropFirst().dropLast()
        return .init(name: name, schema: "[\(schemaBody),\(extraFields)]", data: "{\(dataBody)\(dataBody.isEmpty ? "" : ",")\(extraData)}")
    }
}
