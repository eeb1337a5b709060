import FieldOpsCore

/// `--name value` pairs after a command word; just enough for the benchmark script.
struct BenchArguments {
    var command: String
    var values: [String: String] = [:]

    init(_ words: ArraySlice<String>) {
        command = words.first ?? ""
        var rest = words.dropFirst()
        while let word = rest.popFirst() {
            guard word.hasPrefix("--"), let value = rest.popFirst() else { continue }
            values[String(word.dropFirst(2))] = value
        }
    }

    func require(_ name: String) throws -> String {
        guard let value = values[name] else { throw FieldOpsError.usage("missing --\(name)") }
        return value
    }

    func int(_ name: String, _ fallback: Int) -> Int {
        values[name].flatMap { Int($0) } ?? fallback
    }
}
