import Foundation
import Testing

@testable import JQC

@Suite("Python rounding")
struct PythonRoundingTests {
    @Test func knownValues() {
        #expect(PythonRounding.round(2.675, digits: 2) == 2.67)  // binary value is below the tie
        #expect(PythonRounding.round(0.125, digits: 2) == 0.12)  // exact tie, to even
        #expect(PythonRounding.round(0.375, digits: 2) == 0.38)
        #expect(PythonRounding.round(1.005, digits: 2) == 1.0)
        #expect(PythonRounding.round(100.0 / 3.0, digits: 2) == 33.33)
        #expect(PythonRounding.round(-0.125, digits: 2) == -0.12)
        #expect(PythonRounding.round(Double.leastNonzeroMagnitude, digits: 2) == 0)
        #expect(PythonRounding.round(0.005, digits: 2) == 0.01)  // 0.005 is stored slightly above
        #expect(PythonRounding.round(2.5, digits: 0) == 2)
        #expect(PythonRounding.round(1e20, digits: 2) == 1e20)
    }

    /// Thousands of awkward doubles rounded by python3's own `round` must match bit for bit.
    @Test func matchesPythonOnManyValues() throws {
        var values: [Double] = []
        for total in 1...120 {
            for earned in 0...total { values.append(Double(earned) / Double(total) * 100) }
        }
        var state: UInt64 = 42
        for _ in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            let thousandths = Double(state >> 40 % 100_000)
            values.append(thousandths / 1000 + (state & 1 == 0 ? 0.0005 : 0))  // many near x.xx5
        }
        values += [2.675, 1.005, 0.125, 0.375, 1.115, 8.345, 99.995, 0.015, 1e-300, 123456.785]
        let input = "[" + values.map { "\($0)" }.joined(separator: ",") + "]"
        let script = "import json,sys; print(json.dumps([round(x, 2) for x in json.load(sys.stdin)]))"
        let output = try PythonProcess.run(["-c", script], stdin: Data(input.utf8))
        let expected = try JSONDecoder().decode([Double].self, from: output)
        try #require(expected.count == values.count)
        var mismatches: [String] = []
        for (x, want) in zip(values, expected) where PythonRounding.round(x, digits: 2) != want {
            mismatches.append("round(\(x), 2): swift \(PythonRounding.round(x, digits: 2)), python \(want)")
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
