import Testing

@testable import FieldOpsCore

/// An integer option's bounds and default, declared once in its `ValueKind`: the parser checks
/// them, help and the man page show them, and the command reads the default from the invocation.
@Suite struct IntegerRuleTests {
    static let root = CommandSpec(
        "fieldops", abstract: "Test tree.",
        subcommands: [
            CommandSpec(
                "pages", abstract: "Reads pages.",
                options: [
                    OptionSpec("limit", value: .integer(1...100, default: 30), valueName: "N", help: "Items per page."),
                    OptionSpec("offset", value: .integer(0...), valueName: "N", help: "Skip the first N."),
                    OptionSpec("shift", value: .integer(.any), valueName: "N", help: "Any whole number."),
                    OptionSpec("id", value: .dynamic("thing"), valueName: "ID", help: "An id completed from local data."),
                ],
                action: { _ in })
        ])

    func parse(_ words: String...) throws(UsageError) -> Invocation {
        guard case .run(_, let invocation) = try CommandLineParser(root: Self.root, pathLookup: { _ in nil }).parse(words) else {
            Issue.record("\(words) did not parse to a command")
            return Invocation()
        }
        return invocation
    }

    func rejection(_ words: String...) -> String? {
        do {
            _ = try CommandLineParser(root: Self.root, pathLookup: { _ in nil }).parse(words)
            return nil
        } catch {
            return error.summary
        }
    }

    @Test func valuesWithinTheBoundsAreTakenAndTheDefaultFillsAnAbsentOne() throws {
        #expect(try parse("pages", "--limit", "1").integer("limit") == 1)
        #expect(try parse("pages", "--limit", "100").integer("limit") == 100)
        #expect(try parse("pages").integer("limit") == 30)
        #expect(try parse("pages").value("limit") == nil, "the default is not a value given")
        #expect(try parse("pages").integer("offset") == nil)
        #expect(try parse("pages", "--offset=0").integer("offset") == 0)
        #expect(try parse("pages", "--shift", "-7").integer("shift") == -7)
    }

    @Test func valuesOutsideTheBoundsAreUsageErrorsThatSayTheBounds() {
        #expect(rejection("pages", "--limit", "0") == "invalid value '0' for '--limit': expected a whole number from 1 to 100")
        #expect(rejection("pages", "--limit", "101") == "invalid value '101' for '--limit': expected a whole number from 1 to 100")
        #expect(rejection("pages", "--offset", "-1") == "invalid value '-1' for '--offset': expected a whole number, 0 or more")
        #expect(rejection("pages", "--limit", "ten") == "invalid value 'ten' for '--limit': expected a whole number from 1 to 100")
        // Larger than any Int: refused, never trapped.
        #expect(
            rejection("pages", "--shift", "99999999999999999999")
                == "invalid value '99999999999999999999' for '--shift': expected a whole number")
        #expect(rejection("pages", "--limit", "+5") != nil)
        #expect(rejection("pages", "--limit", " 5") != nil)
    }

    @Test func helpShowsTheBoundsAndTheDefaultOnce() {
        let help = HelpRenderer(root: Self.root, width: 100).render(path: [Self.root, Self.root.subcommands[0]])
        #expect(help.contains("Items per page (1-100, default 30)."), "\(help)")
        #expect(help.contains("Skip the first N (0 or more)."), "\(help)")
        #expect(help.contains("Any whole number.\n") || help.hasSuffix("Any whole number."), "no note for an unbounded option: \(help)")
    }

    @Test func anIdOfAnotherKindIsCheckedWithTheSameRuleAndWords() throws {
        #expect(try parse("pages", "--id", "12").integer(option: "id", IntegerRule(lower: 1)) == 12)
        #expect(try parse("pages").integer(option: "id", IntegerRule(lower: 1)) == nil)
        do {
            _ = try parse("pages", "--id", "x").integer(option: "id", IntegerRule(lower: 1))
            Issue.record("--id x was taken")
        } catch {
            #expect(error.summary == "invalid value 'x' for '--id': expected a whole number of at least 1")
            #expect(error.exitCode == .usage)
            #expect(error.hint == "see the usage: fieldops pages --help")
        }
    }
}
