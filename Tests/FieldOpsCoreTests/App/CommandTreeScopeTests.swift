import Testing

@testable import FieldOpsCore

/// `App.start` builds only the backend group a command line names; these tests hold it to
/// answering exactly what the whole tree answers.
@Suite struct CommandTreeScopeTests {
    let app = App(backends: [WidgetBackend(), WidgetBackend(name: "gadget", aliases: ["gd"], summary: "Gadgets, for tests.")])

    @Test func theCommandWordIsTheFirstWordAfterTheGlobalOptions() {
        let cases: [([String], String?)] = [
            (["api", "/lists"], "api"),
            (["-p", "site", "api", "/lists"], "api"),
            (["-p", "widget", "gadget"], "gadget"),  // a profile named like a group is the option's value
            (["--profile", "gd", "wd", "whoami"], "wd"),
            (["--profile=site", "gadget"], "gadget"),
            (["--json", "-o", "csv", "widget", "whoami"], "widget"),
            (["--no-color", "auth", "status"], "auth"),
            (["--bogus", "widget"], nil),  // not global: it might take the next word as its value
            (["-vp", "site", "widget"], nil),  // a cluster is the parser's to read
            (["-psite", "widget"], nil),
            (["--", "widget"], nil),
            (["-", "widget"], nil),
            (["--profile"], nil),
            ([], nil),
        ]
        for (arguments, word) in cases {
            #expect(App.commandWord(in: arguments) == word, "\(arguments)")
        }
    }

    @Test func aNamedBackendIsTheOnlyGroupBuilt() {
        let names = { (arguments: [String]) in self.app.rootCommand(for: arguments).subcommands.map(\.name) }
        #expect(names(["gd", "whoami"]).contains("gadget"))
        #expect(!names(["gd", "whoami"]).contains("widget"))
        #expect(!names(["api", "/x"]).contains("widget") && !names(["api", "/x"]).contains("gadget"))
        // Nothing to go by, or a word no command has: the whole tree.
        for arguments in [[], ["--help"], ["nosuch"], ["--bogus", "gd"]] {
            #expect(names(arguments) == app.rootCommand().subcommands.map(\.name), "\(arguments)")
        }
    }

    /// Every command's help, asked for in the ways a person types it, reads as the whole tree
    /// renders it.
    @Test func everyCommandsHelpIsTheWholeTreesHelp() {
        let root = app.rootCommand()
        var paths: [[CommandSpec]] = []
        func walk(_ path: [CommandSpec]) {
            paths.append(path)
            for child in path[path.count - 1].subcommands { walk(path + [child]) }
        }
        walk([root])
        #expect(paths.count > 20)
        // `__complete` takes every word after it as a half-typed command line, `--help` included.
        for path in paths where !path[path.count - 1].rawArguments {
            let words = path.dropFirst().map(\.name)
            let expected = HelpRenderer(root: root, width: 80).render(path: path)
            for arguments in [words + ["--help"], ["-p", "site", "--json"] + words + ["-h"]] {
                let stdout = CapturedStream()
                let stderr = CapturedStream()
                guard case .finished(let code) = app.start(arguments: arguments, environment: [:], stdout: stdout, stderr: stderr) else {
                    Issue.record("\(arguments) did not answer with help")
                    continue
                }
                #expect(code == 0 && stdout.text == expected, "\(arguments): \(stderr.text)")
            }
        }
    }

    /// Mistakes are worded as the whole tree words them: an unknown subcommand of a backend's
    /// group still gets its "did you mean", a group alone its help on stderr.
    @Test func usageErrorsReadTheSame() {
        let root = app.rootCommand()
        for arguments in [["gd", "whoamii"], ["widget"], ["-p", "x", "gadget"], ["nosuch"], ["gadget", "whoami", "--bogus"], ["api"]] {
            let expected: String
            do {
                let parsed = try CommandLineParser(root: root, pathLookup: { _ in nil }).parse(arguments)
                guard case .missingSubcommand(let path) = parsed else {
                    Issue.record("\(arguments) parsed: \(parsed)")
                    continue
                }
                expected = HelpRenderer(root: root, width: 80).render(path: path)
            } catch {
                expected = ErrorReporter.render(error).text
            }
            let stderr = CapturedStream()
            guard
                case .finished(let code) = app.start(
                    arguments: arguments, environment: ["PATH": ""], stdout: CapturedStream(), stderr: stderr)
            else {
                Issue.record("\(arguments) was accepted")
                continue
            }
            #expect(code == ExitCode.usage.rawValue && stderr.text == expected, "\(arguments)")
        }
    }
}
