/// The fish completion script: the same tables as `switch` statements and one function that
/// prints `value<TAB>description` lines for `complete -a`.
struct FishCompletionScript {
    let table: CompletionTable
    var p: String { "_" + table.functionPrefix }

    private func q(_ text: String) -> String { CompletionTable.fishQuoted(text) }

    func render() -> String {
        [
            "# fish completion for \(table.programName): generated from its command tree by\n# `\(table.programName) completion fish`; do not edit.\n",
            subcommandTable(), optionKindTable(), argumentKindTable(), namesTable(), completeFunction(),
            "complete -c \(table.programName) -f -a '(\(p)_complete)'\n",
        ].joined(separator: "\n")
    }

    private func switchFunction(
        _ name: String, comment: String, arguments: String, subject: String, arms: [(patterns: [String], body: [String])],
        trailer: [String] = []
    ) -> String {
        var lines = ["# " + comment, "function \(name) --argument-names \(arguments)", "    switch \(subject)"]
        for arm in arms {
            lines.append("        case " + arm.patterns.joined(separator: " "))
            lines += arm.body.map { "            " + $0 }
        }
        lines += ["    end"] + trailer.map { "    " + $0 } + ["end", ""]
        return lines.joined(separator: "\n")
    }

    private func subcommandTable() -> String {
        var arms: [(patterns: [String], body: [String])] = []
        for node in table.nodes {
            for sub in node.command.visibleSubcommands {
                arms.append((([sub.name] + sub.aliases).map { q(node.key + "/" + $0) }, ["echo " + q(sub.name)]))
            }
        }
        return switchFunction(
            "\(p)_sub", comment: "Prints the name of a command word (name or alias) under a command path.",
            arguments: "path word", subject: "\"$path/$word\"", arms: arms)
    }

    /// The kind letter (see CompletionTable.Kind) on the first line, then any choices one per line.
    private func kindBody(_ value: ValueKind) -> [String] {
        ["printf '%s\\n' " + ([CompletionTable.Kind(value).rawValue] + CompletionTable.choices(of: value)).map(q).joined(separator: " ")]
    }

    private func optionKindTable() -> String {
        var arms: [(patterns: [String], body: [String])] = []
        for node in table.nodes {
            for option in table.localOptions(of: node) {
                if let value = option.value {
                    arms.append((CompletionTable.spellings(of: option).map { q(node.key + "/" + $0) }, kindBody(value)))
                } else if table.shadowsGlobal(option) {
                    arms.append((CompletionTable.spellings(of: option).map { q(node.key + "/" + $0) }, ["return 0"]))
                }
            }
        }
        for option in table.globals {
            guard let value = option.value else { continue }
            arms.append((CompletionTable.spellings(of: option).map { q("*/" + $0) }, kindBody(value)))
        }
        return switchFunction(
            "\(p)_optkind", comment: "How an option takes its value: nothing for a flag, else a kind letter and any choices.",
            arguments: "path option", subject: "\"$path/$option\"", arms: arms)
    }

    private func argumentKindTable() -> String {
        var arms: [(patterns: [String], body: [String])] = []
        for node in table.nodes {
            for (index, argument) in node.command.arguments.enumerated() {
                let pattern = argument.variadic ? q(node.key + "/*") : q(node.key + "/" + String(index))
                arms.append(([pattern], kindBody(argument.value)))
            }
        }
        return switchFunction(
            "\(p)_argkind", comment: "How the positional argument at an index is completed (as for options).",
            arguments: "path index", subject: "\"$path/$index\"", arms: arms)
    }

    private func line(_ name: String, _ description: String) -> String {
        q(name) + " " + q(CompletionTable.oneLine(description))
    }

    private func namesTable() -> String {
        var commandArms: [(patterns: [String], body: [String])] = []
        var optionArms: [(patterns: [String], body: [String])] = []
        for node in table.nodes {
            let commands = node.command.visibleSubcommands.map { line($0.name, $0.abstract) }
            if !commands.isEmpty { commandArms.append(([q(node.key)], ["printf '%s\\t%s\\n' " + commands.joined(separator: " ")])) }
            let options = table.localOptions(of: node).filter { !$0.hidden }.map { line("--" + $0.long, $0.described) }
            if !options.isEmpty { optionArms.append(([q(node.key)], ["printf '%s\\t%s\\n' " + options.joined(separator: " ")])) }
        }
        let globals = table.globals.filter { !$0.hidden }.map { line("--" + $0.long, $0.described) }
        return switchFunction(
            "\(p)_cmds", comment: "Subcommands of a command path, as name<TAB>description.",
            arguments: "path", subject: "\"$path\"", arms: commandArms)
            + "\n"
            + switchFunction(
                "\(p)_opts", comment: "Options of a command path, then the global ones, as name<TAB>description.",
                arguments: "path", subject: "\"$path\"", arms: optionArms,
                trailer: ["printf '%s\\t%s\\n' " + globals.joined(separator: " ")])
    }

    private func completeFunction() -> String {
        """
        # Prints the candidates for the token under the cursor; only .dynamic values start a process.
        function \(p)_complete
            set -l before (commandline -opc)
            set -e before[1]
            set -l cur (commandline -ct)
            set -l path ''
            set -l expect ''
            set -l npos 0
            set -l ddash ''
            for w in $before
                if test -n "$expect"
                    set expect ''
                    continue
                end
                if test -n "$ddash"
                    set npos (math $npos + 1)
                    continue
                end
                switch $w
                    case '--'
                        set ddash 1
                    case '--*=*'
                    case '--*'
                        set -l kind (\(p)_optkind "$path" $w)
                        test -n "$kind"; and set expect $w
                    case '-?*'
                        if string match -qr -- '^-[0-9]' $w
                            set npos (math $npos + 1)
                            continue
                        end
                        set -l count (string length -- $w)
                        for j in (seq 2 $count)
                            set -l letter (string sub -s $j -l 1 -- $w)
                            set -l kind (\(p)_optkind "$path" "-$letter")
                            if test -n "$kind"
                                test $j -eq $count; and set expect "-$letter"
                                break
                            end
                        end
                    case '*'
                        set -l sub ''
                        test $npos -eq 0; and set sub (\(p)_sub "$path" $w)
                        if test -n "$sub"
                            set path (string trim -- "$path $sub")
                        else
                            set npos (math $npos + 1)
                        end
                end
            end
            set -l head ''
            set -l value $cur
            set -l kind
            if test -n "$expect"
                set kind (\(p)_optkind "$path" $expect)
            else if test -n "$ddash"
                set kind (\(p)_argkind "$path" $npos)
            else if string match -q -- '--*=*' $cur
                set -l parts (string split -m 1 '=' -- $cur)
                set head "$parts[1]="
                set value $parts[2]
                set kind (\(p)_optkind "$path" $parts[1])
            else if string match -q -- '-*' $cur
                \(p)_opts "$path"
                return 0
            else
                test $npos -eq 0; and \(p)_cmds "$path"
                set kind (\(p)_argkind "$path" $npos)
            end
            switch "$kind[1]"
                case c
                    for choice in $kind[2..-1]
                        printf '%s\\n' "$head$choice"
                    end
                case f
                    for file in (__fish_complete_path $value)
                        printf '%s\\n' "$head$file"
                    end
                case d
                    for directory in (__fish_complete_directories $value)
                        printf '%s\\n' "$head$directory"
                    end
                case y
                    set -l args $before
                    test -n "$head"; and set -a args (string sub -e -1 -- $head)
                    for line in (command \(table.programName) __complete $args $value 2>/dev/null)
                        printf '%s\\n' "$head$line"
                    end
            end
        end

        """
    }
}
