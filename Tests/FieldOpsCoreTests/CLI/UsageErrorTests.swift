import Testing

@testable import FieldOpsCore

/// Every way a command line can be wrong: the one-line cause, the suggestion and the hint.
@Suite struct UsageErrorTests {
    let parser = CommandLineParser(root: SampleCommandTree.root, pathLookup: { _ in nil })

    func error(_ words: String...) -> UsageError? {
        do {
            let result = try parser.parse(words)
            Issue.record("expected a usage error for \(words), got \(result)")
            return nil
        } catch {
            #expect(error.exitCode == .usage)
            return error
        }
    }

    @Test func unknownCommandSuggestsTheClosestOne() throws {
        let failure = try #require(error("jqx", "sync"))
        #expect(failure.reason == .unknownCommand("jqx"))
        #expect(failure.summary == "unknown command 'jqx' for 'fieldops'")
        #expect(failure.details == ["did you mean 'jqc'?"])
        #expect(failure.hint == "see the usage: fieldops --help")
    }

    @Test func unknownNestedCommandSuggestsWithinItsGroup() throws {
        let failure = try #require(error("jqc", "inspect", "strat"))
        #expect(failure.suggestion == "start")
        #expect(failure.hint == "see the usage: fieldops jqc inspect --help")
        let transposed = try #require(error("jqc", "sycn"))
        #expect(transposed.suggestion == "sync")
    }

    @Test func unknownCommandWithoutAnyCloseMatch() throws {
        let failure = try #require(error("zzzzzz"))
        #expect(failure.suggestion == nil && failure.details.isEmpty)
    }

    @Test func hiddenCommandsAreNeverSuggested() throws {
        let failure = try #require(error("__complet"))
        #expect(failure.suggestion != "__complete")
    }

    @Test func unknownLongOptionSuggestsLocalAndGlobalOptions() throws {
        let local = try #require(error("jqc", "sync", "--dryrun"))
        #expect(local.reason == .unknownOption("--dryrun"))
        #expect(local.suggestion == "--dry-run")
        #expect(local.hint == "see the usage: fieldops jqc sync --help")
        let global = try #require(error("jqc", "sync", "--profle", "x"))
        #expect(global.suggestion == "--profile")
    }

    @Test func unknownShortOption() throws {
        let failure = try #require(error("jqc", "sync", "-qz"))
        #expect(failure.reason == .unknownOption("-z"))
    }

    @Test func optionOfAnotherCommandIsUnknownHere() throws {
        let failure = try #require(error("jqc", "status", "--dry-run"))
        #expect(failure.reason == .unknownOption("--dry-run"))
    }

    @Test func missingOptionValueAtTheEndOrBeforeAnotherOption() throws {
        #expect(error("jqc", "status", "--profile")?.reason == .missingValue(option: "--profile"))
        #expect(error("jqc", "status", "--profile", "--json")?.reason == .missingValue(option: "--profile"))
        #expect(error("jqc", "status", "-p")?.reason == .missingValue(option: "-p"))
        #expect(error("jqc", "status", "--profile", "--")?.summary == "option '--profile' needs a value")
    }

    @Test func flagGivenAValue() throws {
        #expect(error("jqc", "sync", "--dry-run=yes")?.reason == .unexpectedValue(option: "--dry-run"))
    }

    @Test func invalidInteger() throws {
        let failure = try #require(error("jqc", "history", "--limit", "ten"))
        #expect(failure.summary == "invalid value 'ten' for '--limit': expected a whole number")
    }

    @Test func invalidDuration() throws {
        for text in ["5x", "ms", "1.2.3", "-5s", "s30"] {
            let failure = error("jqc", "status", "--timeout", text)
            #expect(
                failure?.reason == .invalidValue(name: "--timeout", value: text, expected: "a duration such as 30s, 5m, 1h, 7d or 250ms"),
                "\(text)")
        }
    }

    @Test func invalidChoiceSuggestsTheClosestChoice() throws {
        let failure = try #require(error("mcms", "onu", "list", "--state", "registred"))
        #expect(
            failure.summary
                == "invalid value 'registred' for '--state': expected one of registered, unprovisioned, deregistered, disabled, dying-gasp, unknown"
        )
        #expect(failure.suggestion == "registered")
        #expect(
            error("-o", "yaml", "jqc", "status")?.reason == .invalidValue(name: "-o", value: "yaml", expected: "one of table, json, plain"))
    }

    @Test func invalidPositionalValue() throws {
        let failure = try #require(error("completion", "bsh"))
        #expect(failure.reason == .invalidValue(name: "SHELL", value: "bsh", expected: "one of bash, zsh, fish"))
        #expect(failure.suggestion == "bash")
    }

    @Test func missingRequiredPositional() throws {
        let failure = try #require(error("profile", "use"))
        #expect(failure.summary == "missing argument NAME for 'fieldops profile use'")
        #expect(failure.hint == "see the usage: fieldops profile use --help")
    }

    @Test func missingRequiredOption() throws {
        #expect(error("jqc", "inspect", "start", "--template", "1")?.reason == .missingOption("--facility"))
    }

    @Test func tooManyPositionals() throws {
        #expect(error("profile", "use", "a", "b")?.reason == .unexpectedArgument("b"))
        #expect(error("jqc", "sync", "now")?.summary == "unexpected argument 'now' for 'fieldops jqc sync'")
    }

    @Test func printedFormIsCauseThenSuggestion() throws {
        let failure = try #require(error("mcms", "onu", "lst"))
        #expect(failure.description == "unknown command 'lst' for 'fieldops mcms onu'\ndid you mean 'list'?")
    }
}
