import Testing

@testable import FieldOpsCore

/// The Markdown command reference: a page per visible command, linked from the index, with text
/// from the tree that Markdown would otherwise read as markup escaped.
@Suite struct MarkdownReferenceTests {
    static let tree = CommandSpec(
        "fieldops", abstract: "Root.",
        subcommands: [
            CommandSpec(
                "mcms", abstract: "PON <networks> for “Sjøgata 5” | the NOC",
                subcommands: [
                    CommandSpec(
                        "alarms", abstract: "Every alarm of 'site-*' and site_a.",
                        discussion: "Use `--severity critical` or *all*.",
                        examples: ["fieldops mcms alarms --profiles 'site-*'"],
                        options: [
                            OptionSpec("severity", valueName: "S", help: "Only these severities."),
                            OptionSpec("kind", value: .choice(["onu", "olt"]), help: "One kind."),
                        ])
                ]),
            CommandSpec("__secret", abstract: "Hidden.", hidden: true),
        ])

    @Test func everyVisibleCommandHasAPageLinkedFromTheIndex() {
        let pages = MarkdownReference(root: Self.tree).pages()
        #expect(pages.map(\.fileName) == ["README.md", "fieldops.md", "fieldops-mcms.md", "fieldops-mcms-alarms.md"])
        let index = pages[0].content
        #expect(index.contains("| [`fieldops mcms alarms`](fieldops-mcms-alarms.md) |"))
        #expect(!index.contains("__secret"))
    }

    @Test func proseIsEscapedButCodeSpansAndExamplesAreNot() throws {
        let pages = MarkdownReference(root: Self.tree).pages()
        let mcms = try #require(pages.first { $0.fileName == "fieldops-mcms.md" }).content
        #expect(mcms.contains("PON &lt;networks&gt; for “Sjøgata 5” | the NOC"))
        #expect(mcms.contains("| PON &lt;networks&gt; for “Sjøgata 5” \\| the NOC |") == false)
        let alarms = try #require(pages.first { $0.fileName == "fieldops-mcms-alarms.md" }).content
        #expect(alarms.contains("Every alarm of 'site-\\*' and site\\_a."))
        #expect(alarms.contains("Use `--severity critical` or \\*all\\*."))
        #expect(alarms.contains("```sh\nfieldops mcms alarms --profiles 'site-*'\n```"))
        #expect(alarms.contains("| `--severity S` | Only these severities. |"))
        #expect(alarms.contains("fieldops mcms alarms [--severity S] [--kind onu|olt] [options]"))
        #expect(alarms.contains("| `--kind onu\\|olt` |"), "a | in a table cell is escaped, code or not")
        let index = pages[0].content
        #expect(index.contains("PON &lt;networks&gt; for “Sjøgata 5” \\| the NOC"))
    }
}
