import Testing

@testable import FieldOpsCore

/// `--help` text at every level of the tree, pinned by snapshots.
@Suite struct HelpRenderingTests {
    let root = SampleCommandTree.root

    func path(_ words: String...) -> [CommandSpec] {
        var path = [root]
        for word in words {
            guard let next = path[path.count - 1].subcommand(named: word) else {
                Issue.record("no command \(word)")
                break
            }
            path.append(next)
        }
        return path
    }

    // MARK: Snapshots

    @Test func rootHelp() {
        Snapshot.expect(HelpRenderer(root: root).render(path: path()), matches: "help-root.txt")
    }

    @Test func groupHelp() {
        Snapshot.expect(HelpRenderer(root: root).render(path: path("jqc")), matches: "help-jqc.txt")
    }

    @Test func commandWithRequiredOptionsAndExamples() {
        Snapshot.expect(HelpRenderer(root: root).render(path: path("jqc", "inspect", "start")), matches: "help-jqc-inspect-start.txt")
    }

    @Test func commandWithArgumentsAndLongChoices() {
        Snapshot.expect(HelpRenderer(root: root).render(path: path("mcms", "onu", "list")), matches: "help-mcms-onu-list.txt")
        Snapshot.expect(HelpRenderer(root: root).render(path: path("jqc", "inspect", "attach")), matches: "help-jqc-inspect-attach.txt")
    }

    @Test func narrowTerminalWrapsEverything() {
        Snapshot.expect(HelpRenderer(root: root, width: 50).render(path: path("profile", "add")), matches: "help-profile-add-width50.txt")
    }

    // MARK: Content rules

    @Test func usageLinesShowRequiredOptionsBareAndOptionalOnesInBrackets() {
        let help = HelpRenderer(root: root).render(path: path("jqc", "inspect", "start"))
        #expect(help.contains("fieldops jqc inspect start --template ID --facility ID [--area ID] [options]"))
        let retry = HelpRenderer(root: root).render(path: path("jqc", "retry"))
        #expect(retry.contains("fieldops jqc retry [--all-failed] [options] [LOCAL_ID...]"))
    }

    @Test func hiddenCommandsAndOptionsAreNotShown() {
        let help = HelpRenderer(root: root).render(path: path())
        #expect(!help.contains("__complete"))
        #expect(!help.contains("trace-curl"))
    }

    @Test func rootListsEveryExitCodeAndEnvironmentVariable() {
        let help = HelpRenderer(root: root).render(path: path())
        for code in ExitCode.allCases { #expect(help.contains("  \(code.rawValue)  ") && help.contains(code.meaning)) }
        for variable in [
            "FIELDOPS_CONFIG", "FIELDOPS_PROFILE", "FIELDOPS_TOKEN", "FIELDOPS_KEYRING_PASSPHRASE", "NO_COLOR", "XDG_CONFIG_HOME",
            "XDG_DATA_HOME", "XDG_CACHE_HOME",
        ] {
            #expect(help.contains("  " + variable))
        }
    }

    @Test func deeperLevelsPointToTheRootForGlobalOptions() {
        let help = HelpRenderer(root: root).render(path: path("jqc", "sync"))
        #expect(help.contains("see 'fieldops --help'"))
        #expect(!help.contains("GLOBAL OPTIONS") && !help.contains("EXIT CODES"))
    }

    @Test func noLineIsWiderThanTheWidthUnlessOneWordIs() {
        for width in [40, 50, 80, 120] {
            for words in [[String](), ["jqc", "inspect", "start"], ["mcms", "onu", "list"], ["profile", "add"]] {
                var path = [root]
                for word in words { if let next = path.last?.subcommand(named: word) { path.append(next) } }
                for line in HelpRenderer(root: root, width: width).render(path: path).split(separator: "\n") where line.count > width {
                    #expect(line.split(separator: " ").count == 1 || line.hasPrefix("  fieldops"), "line wider than \(width): \(line)")
                }
            }
        }
    }
}
