import FoundationEssentials

/// One man page: its file name (`fieldops-jqc-sync.1`) and roff source.
public struct ManualPage: Sendable, Equatable {
    public var fileName: String
    public var content: String
}

/// Man pages (section 1) for the root and every visible command, from the command tree.
///
/// `fieldops.1` carries the global options, exit status and environment; each command's page
/// lists its own options and points back to it.
public struct ManualRenderer: Sendable {
    public let root: CommandSpec
    /// Shown in the page footer; empty keeps generated pages identical from one day to the next.
    public var date: String
    public var version: String

    public init(root: CommandSpec, date: String = "", version: String = "") {
        self.root = root
        self.date = date
        self.version = version
    }

    /// Every page, the root first, then the tree depth-first in declaration order.
    public func pages() -> [ManualPage] {
        var pages: [ManualPage] = []
        func visit(_ path: [CommandSpec]) {
            pages.append(page(path: path))
            for subcommand in path[path.count - 1].visibleSubcommands { visit(path + [subcommand]) }
        }
        visit([root])
        return pages
    }

    /// Writes every page into `directory` (created if needed); returns the paths written.
    @discardableResult
    public func write(to directory: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try pages().map { page in
            let url = directory.appendingPathComponent(page.fileName)
            try Data(page.content.utf8).write(to: url, options: .atomic)
            return url
        }
    }

    static func pageName(_ path: [CommandSpec]) -> String { path.map(\.name).joined(separator: "-") }

    public func page(path: [CommandSpec]) -> ManualPage {
        let path = path.isEmpty ? [root] : path
        let command = path[path.count - 1]
        let isRoot = path.count == 1
        let name = Self.pageName(path)
        var lines = [
            ".\\\" Generated from the \(Roff.literal(root.name)) command tree; do not edit.",
            ".TH \(Roff.quoted(name.uppercased())) 1 \(Roff.quoted(date)) \(Roff.quoted(version.isEmpty ? root.name : root.name + " " + version)) \"User Commands\"",
            // No hyphenation and no justification: option names and ids must not be split or stretched.
            ".nh",
            ".ad l",
            ".SH NAME",
            Roff.literal(name) + " \\- " + Roff.prose(command.abstract),
            ".SH SYNOPSIS",
            synopsis(path: path),
        ]
        if !command.discussion.isEmpty || !command.abstract.isEmpty {
            lines.append(".SH DESCRIPTION")
            lines += Roff.paragraphs(command.abstract)
            if !command.discussion.isEmpty {
                lines.append(".PP")
                lines += Roff.paragraphs(command.discussion)
            }
        }
        if !command.visibleSubcommands.isEmpty {
            lines.append(".SH COMMANDS")
            for sub in command.visibleSubcommands {
                lines += [
                    ".TP",
                    Roff.bold(sub.name)
                        + (sub.aliases.isEmpty ? "" : " (alias: " + sub.aliases.map(Roff.bold).joined(separator: ", ") + ")"),
                    Roff.line(Roff.prose(sub.abstract)),
                ]
                lines.append("See " + Roff.bold(Self.pageName(path + [sub])) + "(1).")
            }
        }
        if !command.arguments.isEmpty {
            lines.append(".SH ARGUMENTS")
            for argument in command.arguments {
                lines += [
                    ".TP", Roff.italic(CommandSynopsis.token(for: argument)), Roff.line(Roff.prose(HelpRenderer.description(of: argument))),
                ]
            }
        }
        if isRoot {
            lines.append(".SH GLOBAL OPTIONS")
            lines += optionItems(root.globalOptions)
        } else {
            let options = command.options.filter { !$0.hidden }
            if !options.isEmpty {
                lines.append(".SH OPTIONS")
                lines += optionItems(options)
            }
            lines += [".PP", "The global options of " + Roff.bold(root.name) + "(1) are accepted too."]
        }
        lines.append(".SH EXIT STATUS")
        for code in ExitCode.allCases { lines += [".TP", Roff.bold(String(code.rawValue)), Roff.line(Roff.prose(code.meaning))] }
        if isRoot {
            lines.append(".SH ENVIRONMENT")
            for variable in EnvironmentVariable.documented {
                lines += [".TP", Roff.bold(variable.name), Roff.line(Roff.prose(variable.meaning))]
            }
        }
        if !command.examples.isEmpty {
            lines += [".SH EXAMPLES", ".nf", ".RS"]
            lines += command.examples.map { Roff.line(Roff.literal($0)) }
            lines += [".RE", ".fi"]
        }
        lines += [".SH SEE ALSO", seeAlso(path: path)]
        return ManualPage(fileName: name + ".1", content: lines.joined(separator: "\n") + "\n")
    }

    private func synopsis(path: [CommandSpec]) -> String {
        let command = path[path.count - 1]
        var parts = [Roff.bold(path.map(\.name).joined(separator: " "))]
        if path.count > 1 {
            for option in command.options where !option.hidden {
                var text = Roff.bold("--" + option.long)
                if !option.isFlag { text += " " + Roff.italic(CommandSynopsis.valueText(for: option)) }
                if !option.required { text = "[" + text + "]" }
                parts.append(text + (option.repeatable ? "..." : ""))
            }
        }
        parts.append("[" + Roff.italic("options") + "]")
        if !command.visibleSubcommands.isEmpty {
            parts.append(command.action == nil ? Roff.italic("command") : "[" + Roff.italic("command") + "]")
        }
        for argument in command.arguments {
            let text = Roff.italic(argument.name) + (argument.variadic ? "..." : "")
            parts.append(argument.optional ? "[" + text + "]" : text)
        }
        return parts.joined(separator: " ")
    }

    private func optionItems(_ options: [OptionSpec]) -> [String] {
        var lines: [String] = []
        for option in options where !option.hidden {
            var term = (option.short.map { Roff.bold("-" + String($0)) + ", " } ?? "") + Roff.bold("--" + option.long)
            if !option.isFlag { term += " " + Roff.italic(CommandSynopsis.valueText(for: option)) }
            lines += [".TP", term, Roff.line(Roff.prose(HelpRenderer.row(for: option).description))]
        }
        return lines
    }

    private func seeAlso(path: [CommandSpec]) -> String {
        var names: [String] = []
        if path.count > 1 { names.append(root.name) }
        if path.count > 2 { names.append(Self.pageName(Array(path.dropLast()))) }
        names += path[path.count - 1].visibleSubcommands.map { Self.pageName(path + [$0]) }
        if names.isEmpty { return Roff.bold(root.name) + "(1)" }
        return names.map { ".BR " + Roff.literal($0) + " (1)" }.joined(separator: ",\n")
    }
}
