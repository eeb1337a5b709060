import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// `onu list` written page by page in every line form (the table, plain lines, csv, ndjson,
/// `--fields`): every ONU exactly once across pages, the first rows out while a later page is
/// still unanswered, and a listing failing halfway leaving the rows before and the old cache.
@Suite struct StreamedListingTests {
    /// Every ONU id the emulator holds, in `_id` order.
    func emulatorIDs(_ harness: MCMSHarness) async throws -> [String] {
        (try JSONValue(parsing: try await harness.adminGet(["onu-ids"]).body).arrayValue ?? []).compactMap(\.stringValue)
    }

    /// The ids of a listing's lines: the first field of each (ids hold no space or comma).
    func ids(_ text: String, header: Bool, separator: Character) -> [String] {
        // Split on either line end: "\r\n" is one Character, not a "\n".
        let lines = text.split(whereSeparator: \.isNewline)
        return lines.dropFirst(header ? 1 : 0).compactMap { $0.split(separator: separator, maxSplits: 1).first.map(String.init) }
    }

    /// A form of the listing, run on a terminal or piped, and how its lines are read.
    struct Form: Sendable, CustomStringConvertible {
        var arguments: [String]
        var terminal: Bool
        var header: Bool
        var separator: Character
        var description: String { (terminal ? "terminal " : "piped ") + arguments.joined(separator: " ") }

        static let all: [Form] = [
            Form(arguments: [], terminal: true, header: true, separator: " "),
            Form(arguments: [], terminal: false, header: false, separator: "\t"),
            Form(arguments: ["-o", "csv"], terminal: false, header: true, separator: ","),
            Form(arguments: ["--fields", "id,state"], terminal: true, header: true, separator: " "),
            Form(arguments: ["--fields", "id,name", "-o", "csv"], terminal: false, header: true, separator: ","),
            Form(arguments: ["--fields", "id,firmware_version"], terminal: false, header: false, separator: "\t"),
        ]
    }

    func run(_ harness: MCMSHarness, _ form: Form, chunk: Int) async -> CommandOutcome {
        let arguments = ["mcms", "onu", "list", "--chunk-size", String(chunk)] + form.arguments
        return form.terminal ? await harness.runOnTerminal(arguments) : await harness.run(arguments)
    }

    @Test(arguments: Form.all)
    func aListingOfManyPagesHasEveryONUOnceInEveryLineForm(form: Form) async throws {
        let harness = try await MCMSHarness(onus: 95)
        try await harness.login()
        let paged = await run(harness, form, chunk: 10)
        #expect(paged.exitCode == 0, "\(paged.stderr)")
        #expect(ids(paged.stdout, header: form.header, separator: form.separator) == (try await emulatorIDs(harness)))
        #expect(try await harness.emulator.requests().filter { $0.path == "/api/v1/onus/states/" }.count >= 10)

        let whole = await run(harness, form, chunk: 500)
        if form.terminal {
            // The columns are as wide as the first page needs, fitted to the terminal; a later
            // cell is cut to them: the same rows, every line within the terminal.
            func ids(_ text: String) -> [Substring] { text.split(separator: "\n").compactMap { $0.split(separator: " ").first } }
            #expect(ids(paged.stdout) == ids(whole.stdout))
            for line in paged.stdout.split(separator: "\n") { #expect(String(line).displayWidth <= 80, "\(line)") }
        } else {
            #expect(paged.stdout == whole.stdout, "lines do not depend on the pages")
        }
    }

    @Test(arguments: Form.all)
    func theFirstRowsAreWrittenWhileALaterPageIsStillUnanswered(form: Form) async throws {
        let harness = try await MCMSHarness(onus: 95)
        try await harness.login()
        let expected = try await emulatorIDs(harness)
        // The second ONU-state page request to arrive is held until released.
        try await harness.emulator.injectFault(path: "/api/v1/onus/states/", count: 1, after: 1, hold: true)
        let (lines, result) = harness.start(
            ["mcms", "onu", "list", "--chunk-size", "10"] + form.arguments, terminals: form.terminal ? .stdout : [])
        // The header (when there is one) and the first page's ten rows.
        let wanted = 10 + (form.header ? 1 : 0)
        var early: [String] = []
        for await line in lines {
            early.append(line)
            if early.count == wanted { break }
        }
        // The held page is answered only after the release below (or the emulator's 60 s limit),
        // so these lines were written before the listing could end. Its request may still be on
        // its way while the first page is written: wait for it to be held, to know there was one.
        var held = 0
        for _ in 0..<300 where held == 0 {
            held = try await harness.emulator.heldCount()
            if held == 0 { try await Task.sleep(for: .milliseconds(100)) }
        }
        try await harness.emulator.releaseHeld()
        #expect(early.count == wanted)
        #expect(held == 1, "a page was unanswered when the first rows had been read")
        let done = await result.value
        #expect(done.exitCode == 0, "\(done.stderr)")
        #expect(done.stdout.split(whereSeparator: \.isNewline).prefix(early.count).map(String.init) == early)
        #expect(ids(done.stdout, header: form.header, separator: form.separator) == expected)
    }

    @Test func aListingFailingHalfwayKeepsTheRowsWrittenAndTheOldCache() async throws {
        let harness = try await MCMSHarness(onus: 95, profileHTTP: "{ retries: 0 }")
        try await harness.login()
        let expected = try await emulatorIDs(harness)
        _ = await harness.run(["mcms", "onu", "list", "--json"])
        let cachePath = harness.home.path("cache/fieldops/lab/onus.tsv")
        let cached = try String(contentsOfFile: cachePath, encoding: .utf8)

        try await harness.emulator.admin(post: "fleet", json: ["add": 3])
        try await harness.emulator.injectFault(path: "/api/v1/onus/states/", status: 503, count: 10, after: 4)
        let failed = await harness.run(["mcms", "onu", "list", "-o", "csv", "--chunk-size", "10"])
        #expect(failed.exitCode != 0)
        #expect(failed.stderr.contains("/v1/onus/states/"), "\(failed.stderr)")
        let written = ids(failed.stdout, header: true, separator: ",")
        #expect(written.count >= 10, "the first page was written before the failure")
        #expect(written.count < expected.count + 3)
        #expect(Array((try await emulatorIDs(harness)).prefix(written.count)) == written, "in order, each once")
        #expect(try String(contentsOfFile: cachePath, encoding: .utf8) == cached)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: harness.home.path("cache/fieldops/lab")).sorted() == [
                "olts.tsv", "onus.tsv",
            ])
    }

    @Test func aSortedListingIsHeldAndWrittenAsAWholeTable() async throws {
        let harness = try await MCMSHarness(onus: 95)
        try await harness.login()
        let paged = await harness.runOnTerminal(["mcms", "onu", "list", "--sort", "name", "--chunk-size", "10"])
        let whole = await harness.runOnTerminal(["mcms", "onu", "list", "--sort", "name"])
        #expect(paged.exitCode == 0, "\(paged.stderr)")
        #expect(paged.stdout == whole.stdout)
        #expect(Set(ids(paged.stdout, header: true, separator: " ")) == Set(try await emulatorIDs(harness)))
    }
}
