import Testing

@testable import FieldOpsCore

/// What `fieldops __complete` answers for half-typed lines.
@Suite struct DynamicCompletionTests {
    let completer = DynamicCompleter(root: SampleCommandTree.root, provider: FixtureCompletionProvider())

    func values(_ words: String...) -> [String] { completer.complete(words: words).map(\.value) }

    // MARK: Commands

    @Test func subcommandsOfTheRootWithoutHiddenOnes() {
        #expect(values("") == ["profile", "auth", "jqc", "mcms", "completion"])
        #expect(values("j") == ["jqc"])
        #expect(values("_") == [])
    }

    @Test func nestedSubcommandsThroughNamesAndAliases() {
        #expect(values("jqc", "inspect", "st") == ["start"])
        #expect(values("jqc", "i", "") == ["start", "attach", "list"])
        #expect(values("-p", "site-a", "--json", "mcms", "onu", "") == ["list", "show", "watch"])
    }

    @Test func subcommandsCarryTheirAbstract() {
        #expect(completer.complete(words: ["jq"]) == [CompletionCandidate("jqc", description: "JanitorialQC: facility inspections.")])
    }

    // MARK: Options

    @Test func optionNamesOfTheCommandThenGlobals() {
        let all = values("jqc", "sync", "--")
        #expect(all.first == "--dry-run")
        #expect(all.contains("--profile") && all.contains("--help") && !all.contains("--trace-curl"))
        #expect(values("jqc", "sync", "--d") == ["--dry-run"])
        #expect(values("mcms", "onu", "list", "--st") == ["--state"])
    }

    @Test func optionsAlreadyGivenAreNotOfferedAgain() {
        #expect(values("--json", "jqc", "status", "--j") == [])
        #expect(values("jqc", "history", "--tag", "a", "--t") == ["--tag", "--timeout"])
    }

    // MARK: Values

    @Test func choicesOfAnOption() {
        #expect(values("mcms", "onu", "list", "--state", "d") == ["deregistered", "disabled", "dying-gasp"])
        #expect(values("-o", "") == ["table", "json", "plain"])
        #expect(values("mcms", "onu", "list", "--state=dy") == ["--state=dying-gasp"])
    }

    @Test func choicesOfAnArgument() {
        #expect(values("completion", "") == ["bash", "zsh", "fish"])
        #expect(values("completion", "z") == ["zsh"])
    }

    @Test func profileNamesFromTheProvider() {
        #expect(values("-p", "") == ["site-a", "site-b", "lab-pon"])
        #expect(values("jqc", "sync", "--profile", "site") == ["site-a", "site-b"])
        #expect(values("--profile=l") == ["--profile=lab-pon"])
        #expect(values("-pl") == ["-plab-pon"])
        #expect(values("-qpl") == ["-qplab-pon"])
        #expect(
            completer.complete(words: ["-p", "lab"]) == [
                CompletionCandidate("lab-pon", description: "mcms https://mcms.lab.example.net/api")
            ])
    }

    @Test func providerSeesTheProfileAlreadyOnTheLine() {
        #expect(values("-p", "lab-pon", "mcms", "onu", "list", "--olt", "") == ["00:11:22:33:44:55", "00:11:22:33:44:66"])
        #expect(values("mcms", "onu", "list", "--profile=lab-pon", "--olt", "00:11:22:33:44:6") == ["00:11:22:33:44:66"])
        #expect(values("mcms", "onu", "list", "--olt", "") == [])
    }

    @Test func dynamicPositionalArguments() {
        #expect(values("mcms", "onu", "show", "") == ["onu-1001", "onu-1002"])
        #expect(values("mcms", "onu", "show", "onu-1001", "") == [])
        #expect(values("profile", "use", "s") == ["site-a", "site-b"])
        #expect(values("jqc", "retry", "d-1", "") == ["d-1", "d-2"])
        #expect(values("jqc", "retry", "--", "") == ["d-1", "d-2"])
    }

    @Test func freeTextAndFileValuesAreLeftToTheShell() {
        #expect(values("--config", "") == [])
        #expect(values("jqc", "history", "--limit", "") == [])
        #expect(values("jqc", "inspect", "attach", "d-1", "") == [])
    }

    @Test func toleratesUnknownWordsAndBadValues() {
        #expect(values("--bogus", "jqc", "--timeout", "5x", "-z", "sy") == ["sync"])
        #expect(values("nosuch", "") == [])
    }

    // MARK: Rendering

    @Test func renderedAsValueTabDescriptionLines() {
        let text = DynamicCompleter.render([
            CompletionCandidate("site-a", description: "first\tline\nsecond"),
            CompletionCandidate("plain"),
            CompletionCandidate("empty", description: ""),
        ])
        #expect(text == "site-a\tfirst line second\nplain\nempty\n")
    }
}
