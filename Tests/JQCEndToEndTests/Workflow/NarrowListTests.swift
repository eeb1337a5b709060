import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `inspect list` and `issue list` on terminals 60, 80 and 200 columns wide: one line per row,
/// none wider than the terminal, ids whole, long text cut with …, and piped output untouched.
@Suite
struct NarrowListTests {
    static let descriptions = [
        "Sjøgata 5: “knust” rute i trappeoppgangen mot Ålesundsvegen", "東京ビル 3F 受付の床が濡れています（清掃が必要）",
        "👩‍🔧 crew: Ǹoë café e\u{301}tage 2, vindu mot gården er sprukket",
    ]

    @Test(arguments: [60, 80, 200])
    func listsFitTheTerminal(columns: Int) async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            _ = try await world.startDraft()
            _ = try outbox.completedInspection()
            for description in Self.descriptions {
                let flagged = await world.run([
                    "jqc", "issue", "flag", "--facility", "1", "--severity", "high", "--description", description,
                ])
                #expect(flagged.exitCode == 0, "\(flagged.stderr)")
            }
            for listing in [["jqc", "inspect", "list"], ["jqc", "issue", "list"]] {
                let shown = await world.run(listing, environment: ["COLUMNS": String(columns)], terminals: .stdout)
                #expect(shown.exitCode == 0, "\(shown.stderr)")
                let lines = shown.stdout.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
                    .split(separator: "\n").map(String.init)
                let piped = await world.run(listing)
                #expect(lines.count == piped.stdout.split(separator: "\n").count + 1, "a header and one line per row: \(shown.stdout)")
                for line in lines { #expect(line.displayWidth <= columns, "\(listing): \(line)") }
                // Every id of the piped lines starts a line of the table, whole.
                for row in piped.stdout.split(separator: "\n") {
                    let id = String(row.prefix { $0 != "\t" })
                    #expect(lines.contains { $0.hasPrefix(id + " ") }, "\(id) whole in \(shown.stdout)")
                }
                if listing[1] == "issue" {
                    for description in Self.descriptions { #expect(piped.stdout.contains(description), "piped output is never cut") }
                    if columns < 100 { #expect(shown.stdout.contains("…")) }
                }
            }
        }
    }
}
