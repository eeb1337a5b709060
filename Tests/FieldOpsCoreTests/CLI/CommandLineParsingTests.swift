import FieldOpsTestSupport
import Foundation
import Testing

@testable import FieldOpsCore

/// The forms of command line the parser accepts, and what each produces.
@Suite struct CommandLineParsingTests {
    let parser = CommandLineParser(root: SampleCommandTree.root, pathLookup: { _ in nil })

    func run(_ words: String...) throws -> Invocation {
        let result = try parser.parse(words)
        guard case .run(let command, let invocation) = result else {
            Issue.record("expected a command to run for \(words), got \(result)")
            return Invocation()
        }
        #expect(command.name == invocation.path.last)
        return invocation
    }

    // MARK: Commands

    @Test func resolvesNestedCommandsByNameAndAlias() throws {
        #expect(try run("jqc", "inspect", "start", "--template", "1", "--facility", "2").path == ["jqc", "inspect", "start"])
        #expect(try run("jqc", "i", "list").path == ["jqc", "inspect", "list"])
        #expect(try run("profile", "ls").path == ["profile", "list"])
    }

    @Test func groupWithoutSubcommandAsksForItsHelpAsAUsageError() throws {
        guard case .missingSubcommand(let path) = try parser.parse(["jqc"]) else {
            Issue.record("not missingSubcommand")
            return
        }
        #expect(path.map(\.name) == ["fieldops", "jqc"])
        guard case .missingSubcommand(let rootPath) = try parser.parse([]) else {
            Issue.record("not missingSubcommand")
            return
        }
        #expect(rootPath.map(\.name) == ["fieldops"])
    }

    @Test func helpAnywhereGivesHelpForTheDeepestCommand() throws {
        for line in [
            ["jqc", "sync", "--help"], ["--help", "jqc", "sync"], ["jqc", "-h", "sync"], ["jqc", "sync", "-qh"],
            ["jqc", "sync", "--bogus", "--help"], ["help", "jqc", "sync"], ["-q", "help", "jqc", "sync"],
        ] {
            guard case .help(let path) = try parser.parse(line) else {
                Issue.record("no help for \(line)")
                continue
            }
            #expect(path.map(\.name) == ["fieldops", "jqc", "sync"], "\(line)")
        }
        guard case .help(let path) = try parser.parse(["mcms", "--help"]) else {
            Issue.record("no help")
            return
        }
        #expect(path.map(\.name) == ["fieldops", "mcms"])
        guard case .help(let rootPath) = try parser.parse(["help"]) else {
            Issue.record("no help for `help`")
            return
        }
        #expect(rootPath.map(\.name) == ["fieldops"])
        // `help` with a command that does not exist is that mistake, not the root's help.
        #expect(throws: UsageError.self) { try parser.parse(["help", "nosuch"]) }
    }

    @Test func versionAnywhere() throws {
        guard case .version = try parser.parse(["--version"]) else {
            Issue.record("no version")
            return
        }
        guard case .version = try parser.parse(["jqc", "--version"]) else {
            Issue.record("no version")
            return
        }
    }

    // MARK: Option forms

    @Test func longOptionWithSeparateOrAttachedValue() throws {
        #expect(try run("jqc", "history", "--limit", "5").value("limit") == "5")
        #expect(try run("jqc", "history", "--limit=5").value("limit") == "5")
        #expect(try run("jqc", "history", "--tag=a=b").value("tag") == "a=b")
    }

    @Test func shortOptionWithSeparateOrAttachedValue() throws {
        #expect(try run("-p", "site-a", "jqc", "status").value("profile") == "site-a")
        #expect(try run("-psite-a", "jqc", "status").value("profile") == "site-a")
    }

    @Test func bundledShortFlagsAndATrailingValueOption() throws {
        let bundled = try run("jqc", "sync", "-qyn")
        #expect(bundled.flags == ["quiet", "yes", "dry-run"])
        let withValue = try run("jqc", "sync", "-qpsite-b")
        #expect(withValue.flag("quiet") && withValue.value("profile") == "site-b")
        let valueNext = try run("jqc", "sync", "-qp", "site-c")
        #expect(valueNext.value("profile") == "site-c")
    }

    @Test func globalOptionsAreAcceptedAtAnyDepthAndPosition() throws {
        let invocation = try run("--json", "mcms", "-v", "onu", "list", "--state", "registered", "-p", "lab", "--timeout", "250ms")
        #expect(invocation.flags == ["json", "verbose"])
        #expect(invocation.value("profile") == "lab")
        #expect(invocation.value("state") == "registered")
        #expect(invocation.seconds("timeout") == 0.25)
    }

    /// What a command may look up: its own options and arguments and the global options; a
    /// misspelt name is not among them (a debug build stops at such a lookup).
    @Test func theParsedCommandDeclaresItsOptionsArgumentsAndTheGlobalOnes() throws {
        let invocation = try run("mcms", "onu", "list", "--state", "registered")
        #expect(invocation.declares("state") && invocation.declares("olt"))
        #expect(invocation.declares("profile") && invocation.declares("json"))
        #expect(!invocation.declares("sate") && !invocation.declares("ID"))
        #expect(try run("profile", "add", "lab", "--backend", "mcms", "--base-url", "https://x").declares("NAME"))
        #expect(Invocation().declares("anything"), "a hand-built invocation declares every name")
    }

    @Test func optionsBeforeAndAfterPositionals() throws {
        let after = try run("profile", "add", "lab", "--backend", "mcms", "--base-url", "https://x")
        let before = try run("profile", "add", "--backend", "mcms", "--base-url", "https://x", "lab")
        #expect(after == before)
        #expect(after.value("NAME") == "lab")
    }

    @Test func repeatableOptionsAccumulateAndOthersKeepTheLastValue() throws {
        let invocation = try run("jqc", "history", "--tag", "a", "--limit", "1", "--tag=b", "--limit", "2")
        #expect(invocation.all("tag") == ["a", "b"])
        #expect(invocation.all("limit") == ["2"])
    }

    @Test func terminatorSendsTheRestToArgumentsOrPassthrough() throws {
        let retry = try run("jqc", "retry", "--", "--all-failed", "-7")
        #expect(retry.all("LOCAL_ID") == ["--all-failed", "-7"])
        #expect(!retry.flag("all-failed"))
        let sync = try run("jqc", "sync", "--", "--dry-run", "x")
        #expect(sync.passthrough == ["--dry-run", "x"])
        #expect(!sync.flag("dry-run"))
    }

    @Test func positionalArgumentsOptionalAndVariadic() throws {
        #expect(try run("profile", "show").value("NAME") == nil)
        #expect(try run("profile", "show", "lab").value("NAME") == "lab")
        #expect(try run("jqc", "retry", "a", "b", "c").all("LOCAL_ID") == ["a", "b", "c"])
        let attach = try run("jqc", "inspect", "attach", "d-1", "--field", "f9", "photo.jpg")
        #expect(attach.value("LOCAL_ID") == "d-1" && attach.value("PHOTO") == "photo.jpg" && attach.value("field") == "f9")
    }

    @Test func dashAloneIsAValue() throws {
        #expect(try run("jqc", "history", "--tag", "-").value("tag") == "-")
    }

    @Test func durationsInEveryUnit() throws {
        for (text, seconds) in [("250ms", 0.25), ("30s", 30.0), ("5m", 300.0), ("1h", 3600.0), ("45", 45.0), ("1.5", 1.5)] {
            #expect(try run("jqc", "status", "--timeout", text).seconds("timeout") == seconds, "\(text)")
        }
    }

    @Test func commandWithBothAnActionAndSubcommandsRunsByItself() throws {
        let tree = CommandSpec(
            "fieldops", abstract: "",
            subcommands: [
                CommandSpec(
                    "facilities", abstract: "List facilities.",
                    subcommands: [
                        CommandSpec(
                            "show", abstract: "Show one.", arguments: [ArgumentSpec("ID", help: "")], action: SampleCommandTree.leaf)
                    ], action: SampleCommandTree.leaf)
            ])
        let parser = CommandLineParser(root: tree, pathLookup: { _ in nil })
        guard case .run(_, let list) = try parser.parse(["facilities"]) else {
            Issue.record("not run")
            return
        }
        #expect(list.path == ["facilities"])
        guard case .run(_, let show) = try parser.parse(["facilities", "show", "7"]) else {
            Issue.record("not run")
            return
        }
        #expect(show.path == ["facilities", "show"] && show.value("ID") == "7")
        #expect(throws: UsageError(.unknownCommand("shwo"), suggestion: "show", commandWords: ["fieldops", "facilities"])) {
            try parser.parse(["facilities", "shwo"])
        }
    }

    // MARK: Raw arguments

    @Test func rawCommandTakesEveryLaterWordUntouched() throws {
        let invocation = try run("-p", "lab", "__complete", "mcms", "--state", "-p", "--help", "--", "")
        #expect(invocation.path == ["__complete"])
        #expect(invocation.value("profile") == "lab")
        #expect(invocation.all("WORDS") == ["mcms", "--state", "-p", "--help", "--", ""])
    }

    @Test func completeCommandWiredThroughParserAndCompleter() throws {
        let invocation = try run("__complete", "-p", "")
        let completer = DynamicCompleter(root: SampleCommandTree.root, provider: FixtureCompletionProvider())
        let text = DynamicCompleter.render(completer.complete(words: invocation.all("WORDS")))
        #expect(
            text
                == "site-a\tjqc https://qc.example.com\nsite-b\tjqc https://qc-b.example.com\nlab-pon\tmcms https://mcms.lab.example.net/api\n"
        )
    }

    // MARK: External commands

    @Test func unknownTopLevelWordRunsAnExternalCommandFoundOnPath() throws {
        let parser = CommandLineParser(root: SampleCommandTree.root) { name in name == "fieldops-report" ? "/opt/bin/fieldops-report" : nil
        }
        guard
            case .external(let name, let executable, let arguments, let globals) = try parser.parse(["-p", "lab", "report", "--week", "3"])
        else {
            Issue.record("not external")
            return
        }
        #expect(name == "report" && executable == "/opt/bin/fieldops-report")
        #expect(arguments == ["--week", "3"])
        #expect(globals.value("profile") == "lab")
    }

    @Test func externalLookupIsOnlyForTopLevelWords() throws {
        let parser = CommandLineParser(root: SampleCommandTree.root) { _ in "/bin/true" }
        #expect(throws: UsageError.self) { try parser.parse(["jqc", "report"]) }
    }

    @Test func thePathLookupFindsOnlyExecutableRegularFilesOnTheGivenPath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bin = directory.path("bin")
        try FileManager.default.createDirectory(atPath: bin + "/fieldops-dir", withIntermediateDirectories: true)
        for (name, mode) in [("fieldops-tool", 0o755), ("fieldops-plain", 0o644)] {
            _ = FileManager.default.createFile(atPath: bin + "/" + name, contents: Data("#!/bin/sh\n".utf8))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: bin + "/" + name)
        }
        let environment = ["PATH": "::" + bin + ":/usr/bin:/bin"]
        #expect(ExternalTool.find("fieldops-tool", environment: environment) == bin + "/fieldops-tool")
        #expect(ExternalTool.find("fieldops-plain", environment: environment) == nil, "not executable")
        #expect(ExternalTool.find("fieldops-dir", environment: environment) == nil, "a directory is not a program")
        #expect(ExternalTool.find("sh", environment: environment) != nil)
        #expect(ExternalTool.find("bin/fieldops-tool", environment: ["PATH": directory.url.path]) == nil, "a name with a slash")
        #expect(ExternalTool.find("sh", environment: [:]) != nil, "no PATH: /usr/bin:/bin")
        // The parser runs what the lookup it was given finds, and nothing by default.
        let parser = CommandLineParser(root: SampleCommandTree.root) { ExternalTool.find($0, environment: environment) }
        guard case .external(_, let executable, _, _)? = try? parser.parse(["tool"]) else {
            Issue.record("fieldops-tool was not found")
            return
        }
        #expect(executable == bin + "/fieldops-tool")
        #expect(throws: UsageError.self) { try CommandLineParser(root: SampleCommandTree.root).parse(["tool"]) }
    }
}
