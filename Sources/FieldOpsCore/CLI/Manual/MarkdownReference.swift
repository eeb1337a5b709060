import FoundationEssentials

/// The command reference in Markdown (`docs/reference/`), one page per visible command, from the
/// same command tree as `--help`, the man pages and the completions — so the reference cannot
/// drift from the program: `make docs` writes it, `make test` fails when it is stale.
///
/// Each page: usage, description, subcommands, arguments, options with their defaults and
/// choices, examples, exit codes and see-also links; `README.md` indexes every command.
public struct MarkdownReference: Sendable {
    public let root: CommandSpec

    public init(root: CommandSpec) {
        self.root = root
    }

    /// Every page, the index first, then the root and the tree depth-first in declaration order.
    public func pages() -> [ManualPage] {
        var commands: [[CommandSpec]] = []
        func visit(_ path: [CommandSpec]) {
            commands.append(path)
            for subcommand in path[path.count - 1].visibleSubcommands { visit(path + [subcommand]) }
        }
        visit([root])
        return [index(commands)] + commands.map(page(path:))
    }

    /// Writes every page into `directory` (created if needed), removing `.md` pages of commands
    /// that no longer exist; returns the paths written.
    @discardableResult
    public func write(to directory: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pages = pages()
        let names = Set(pages.map(\.fileName))
        for stale in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where stale.hasSuffix(".md") && !names.contains(stale) {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(stale))
        }
        return try pages.map { page in
            let url = directory.appendingPathComponent(page.fileName)
            try Data(page.content.utf8).write(to: url, options: .atomic)
            return url
        }
    }

    static func fileName(_ path: [CommandSpec]) -> String { path.map(\.name).joined(separator: "-") + ".md" }

    static func title(_ path: [CommandSpec]) -> String { path.map(\.name).joined(separator: " ") }

    private func index(_ commands: [[CommandSpec]]) -> ManualPage {
        var lines = [
            "<!-- Generated from the \(root.name) command tree by `make docs`; do not edit. -->",
            "# \(root.name) command reference",
            "",
            "Every command, with its options, defaults and examples — the same text `\(root.name) COMMAND --help` prints.",
            "",
            "| command | what it does |",
            "|---|---|",
        ]
        for path in commands {
            lines.append("| [`\(Self.title(path))`](\(Self.fileName(path))) | \(Self.cell(path[path.count - 1].abstract)) |")
        }
        return ManualPage(fileName: "README.md", content: lines.joined(separator: "\n") + "\n")
    }

    public func page(path: [CommandSpec]) -> ManualPage {
        let path = path.isEmpty ? [root] : path
        let command = path[path.count - 1]
        let isRoot = path.count == 1
        var lines = [
            "<!-- Generated from the \(root.name) command tree by `make docs`; do not edit. -->",
            "# \(Self.title(path))", "",
        ]
        if !command.abstract.isEmpty { lines += [Self.prose(command.abstract), ""] }
        lines += ["## Usage", "", "```", synopsis(path: path), "```", ""]
        if !command.discussion.isEmpty { lines += [Self.prose(command.discussion), ""] }
        if !command.visibleSubcommands.isEmpty {
            lines += ["## Commands", "", "| command | what it does |", "|---|---|"]
            for sub in command.visibleSubcommands {
                let aliases = sub.aliases.isEmpty ? "" : " (alias " + sub.aliases.map { "`\($0)`" }.joined(separator: ", ") + ")"
                lines.append("| [`\(Self.title(path + [sub]))`](\(Self.fileName(path + [sub])))\(aliases) | \(Self.cell(sub.abstract)) |")
            }
            lines.append("")
        }
        if !command.arguments.isEmpty {
            lines += ["## Arguments", "", "| argument | meaning |", "|---|---|"]
            for argument in command.arguments {
                lines.append(
                    "| `\(Self.pipes(CommandSynopsis.token(for: argument)))` | \(Self.cell(HelpRenderer.description(of: argument))) |")
            }
            lines.append("")
        }
        let options = (isRoot ? root.globalOptions : command.options).filter { !$0.hidden }
        if !options.isEmpty {
            lines += [isRoot ? "## Global options" : "## Options", "", "| option | meaning |", "|---|---|"]
            for option in options {
                var term = (option.short.map { "-\($0), " } ?? "") + "--" + option.long
                if !option.isFlag { term += " " + CommandSynopsis.valueText(for: option) }
                lines.append("| `\(Self.pipes(term))` | \(Self.cell(HelpRenderer.row(for: option).description)) |")
            }
            lines.append("")
        }
        if !isRoot { lines += ["The [global options](\(Self.fileName([root]))#global-options) are accepted too.", ""] }
        if !command.examples.isEmpty {
            lines += ["## Examples", "", "```sh"] + command.examples + ["```", ""]
        }
        lines += ["## Exit codes", "", "| code | meaning |", "|---|---|"]
        for code in ExitCode.allCases { lines.append("| \(code.rawValue) | \(Self.cell(code.meaning)) |") }
        lines.append("")
        if isRoot {
            lines += ["## Environment", "", "| variable | meaning |", "|---|---|"]
            for variable in EnvironmentVariable.documented { lines.append("| `\(variable.name)` | \(Self.cell(variable.meaning)) |") }
            lines.append("")
        }
        lines += ["## See also", ""] + seeAlso(path: path).map { "- " + $0 }
        return ManualPage(fileName: Self.fileName(path), content: lines.joined(separator: "\n") + "\n")
    }

    private func synopsis(path: [CommandSpec]) -> String {
        let command = path[path.count - 1]
        var parts = [Self.title(path)]
        if path.count > 1 {
            for option in command.options where !option.hidden {
                var text = "--" + option.long
                if !option.isFlag { text += " " + CommandSynopsis.valueText(for: option) }
                if !option.required { text = "[" + text + "]" }
                parts.append(text + (option.repeatable ? "..." : ""))
            }
        }
        parts.append("[options]")
        if !command.visibleSubcommands.isEmpty { parts.append(command.action == nil ? "COMMAND" : "[COMMAND]") }
        for argument in command.arguments {
            let text = argument.name + (argument.variadic ? "..." : "")
            parts.append(argument.optional ? "[" + text + "]" : text)
        }
        // Wrapped at 100 columns, continued lines indented, as a person would write it.
        var lines: [String] = []
        var current = ""
        for part in parts {
            if !current.isEmpty, current.count + 1 + part.count > 100 {
                lines.append(current)
                current = "    " + part
            } else {
                current += (current.isEmpty ? "" : " ") + part
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    private func seeAlso(path: [CommandSpec]) -> [String] {
        var links: [[CommandSpec]] = []
        if path.count > 1 { links.append([root]) }
        if path.count > 2 { links.append(Array(path.dropLast())) }
        links += path[path.count - 1].visibleSubcommands.map { path + [$0] }
        var lines = links.map { "[`\(Self.title($0))`](\(Self.fileName($0)))" }
        lines.append("`man \(path.map(\.name).joined(separator: "-"))`")
        return lines
    }

    /// Prose from the tree as Markdown: what would be read as markup (`<`, `*`, `_` at a word's
    /// edge) is escaped; backticks are the tree's own code spans and stay.
    static func prose(_ text: String) -> String {
        var out = ""
        var inCode = false
        for character in text {
            if character == "`" { inCode.toggle() }
            if !inCode {
                switch character {
                case "<":
                    out += "&lt;"
                    continue
                case ">":
                    out += "&gt;"
                    continue
                case "*", "_", "[", "]", "\\":
                    out += "\\" + String(character)
                    continue
                default: break
                }
            }
            out.append(character)
        }
        return out
    }

    /// Code in a table cell: `|` escaped (GitHub's tables split on it even inside backticks).
    static func pipes(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "|" { out += "\\|" } else { out.append(character) }
        }
        return out
    }

    /// `prose` in a table cell: line breaks become spaces and `|` is escaped.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in prose(text) {
            switch character {
            case "\n", "\r\n": out += " "
            case "|": out += "\\|"
            default: out.append(character)
            }
        }
        return out
    }
}
