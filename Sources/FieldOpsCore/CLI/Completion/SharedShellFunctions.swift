/// The functions bash and zsh share: the embedded command tables, the walk over the words
/// before the cursor and the candidate list. Written in the syntax both shells accept
/// (`[[ ]]`, `(( ))`, `case`, arrays used only through `"${a[@]}"` and `+=`).
struct SharedShellFunctions {
    let table: CompletionTable
    var p: String { table.functionPrefix }

    func render() -> String {
        [subcommandTable(), optionKindTable(), argumentKindTable(), namesTable(), walk(), candidates()].joined(separator: "\n")
    }

    private func q(_ text: String) -> String { CompletionTable.shellQuoted(text) }

    /// A `case` arm: the patterns, then the body.
    private func arm(_ patterns: [String], _ body: String) -> String {
        "    " + patterns.joined(separator: "|") + ") " + body + " ;;"
    }

    private func subcommandTable() -> String {
        var lines = [
            "# Resolves a command word (name or alias) under a command path: REPLY is its name or empty.", "\(p)_sub() {",
            "  case \"$1/$2\" in",
        ]
        for node in table.nodes {
            for sub in node.command.visibleSubcommands {
                lines.append(arm(([sub.name] + sub.aliases).map { q(node.key + "/" + $0) }, "REPLY=" + q(sub.name)))
            }
        }
        lines += [arm(["*"], "REPLY="), "  esac", "}"]
        return lines.joined(separator: "\n")
    }

    private func kindBody(_ value: ValueKind?) -> String {
        guard let value else { return "REPLY=" }
        let kind = CompletionTable.Kind(value)
        if kind == .choice {
            return "REPLY=c; \(p)_words=(" + CompletionTable.choices(of: value).map(q).joined(separator: " ") + ")"
        }
        return "REPLY=" + kind.rawValue
    }

    private func optionKindTable() -> String {
        var lines = [
            "# How an option takes its value under a command path: REPLY is empty for a flag (or an unknown",
            "# option), else v (free text), f (file), d (directory), y (dynamic) or c (choices in \(p)_words).",
            "\(p)_optkind() {", "  case \"$1/$2\" in",
        ]
        for node in table.nodes {
            for option in table.localOptions(of: node) where !option.isFlag || table.shadowsGlobal(option) {
                lines.append(arm(CompletionTable.spellings(of: option).map { q(node.key + "/" + $0) }, kindBody(option.value)))
            }
        }
        for option in table.globals where !option.isFlag {
            lines.append(arm(CompletionTable.spellings(of: option).map { "*" + q("/" + $0) }, kindBody(option.value)))
        }
        lines += [arm(["*"], "REPLY="), "  esac", "}"]
        return lines.joined(separator: "\n")
    }

    private func argumentKindTable() -> String {
        var lines = [
            "# How the positional argument at index $2 is completed (same letters as \(p)_optkind).", "\(p)_argkind() {",
            "  case \"$1/$2\" in",
        ]
        for node in table.nodes {
            for (index, argument) in node.command.arguments.enumerated() {
                // A variadic argument is last: every later index falls through to it.
                let pattern = argument.variadic ? q(node.key + "/") + "*" : q(node.key + "/" + String(index))
                lines.append(arm([pattern], kindBody(argument.value)))
            }
        }
        lines += [arm(["*"], "REPLY="), "  esac", "}"]
        return lines.joined(separator: "\n")
    }

    private func item(_ name: String, _ description: String) -> String {
        q(name + ":" + CompletionTable.oneLine(description))
    }

    private func namesTable() -> String {
        let globals = table.globals.filter { !$0.hidden }.map { item("--" + $0.long, $0.described) }
        var lines = [
            "# Subcommands (\(p)_cmds) and options (\(p)_opts) of a command path, as name:description.",
            "\(p)_names() {",
            "  \(p)_gopts=(" + globals.joined(separator: " ") + ")",
            "  \(p)_cmds=() \(p)_opts=()",
            "  case \"$1\" in",
        ]
        for node in table.nodes {
            let commands = node.command.visibleSubcommands.map { item($0.name, $0.abstract) }
            let options = table.localOptions(of: node).filter { !$0.hidden }.map { item("--" + $0.long, $0.described) }
            if commands.isEmpty && options.isEmpty { continue }
            var body: [String] = []
            if !commands.isEmpty { body.append("\(p)_cmds=(" + commands.joined(separator: " ") + ")") }
            if !options.isEmpty { body.append("\(p)_opts=(" + options.joined(separator: " ") + ")") }
            lines.append(arm([q(node.key)], body.joined(separator: "; ")))
        }
        lines += ["  esac", "}"]
        return lines.joined(separator: "\n")
    }

    private func walk() -> String {
        """
        # Reads the words before the cursor ("$@"): sets \(p)_path (the command path), \(p)_expect (an
        # option still waiting for its value), \(p)_npos (positional words so far) and \(p)_ddash (after --).
        \(p)_walk() {
          \(p)_path= \(p)_expect= \(p)_npos=0 \(p)_ddash=
          local w j
          for w in "$@"; do
            if [[ -n $\(p)_expect ]]; then \(p)_expect=; continue; fi
            if [[ -n $\(p)_ddash ]]; then (( \(p)_npos += 1 )); continue; fi
            case $w in
              --) \(p)_ddash=1 ;;
              --*=*) ;;
              --*) \(p)_optkind "$\(p)_path" "$w"; [[ -n $REPLY ]] && \(p)_expect=$w ;;
              -[0-9]*) (( \(p)_npos += 1 )) ;;
              -?*)
                for (( j = 1; j < ${#w}; j++ )); do
                  \(p)_optkind "$\(p)_path" "-${w:$j:1}"
                  if [[ -n $REPLY ]]; then
                    (( j == ${#w} - 1 )) && \(p)_expect="-${w:$j:1}"
                    break
                  fi
                done ;;
              *)
                REPLY=
                (( \(p)_npos == 0 )) && \(p)_sub "$\(p)_path" "$w"
                if [[ -n $REPLY ]]; then \(p)_path=${\(p)_path:+$\(p)_path }$REPLY; else (( \(p)_npos += 1 )); fi ;;
            esac
          done
          return 0
        }
        """
    }

    private func candidates() -> String {
        """
        \(p)_add() {
          [[ $1 == "$\(p)_cur"* ]] || return 0
          \(p)_vals+=("$1") \(p)_descs+=("$2")
        }

        # Asks the program for .dynamic values: the words before the cursor, then the option whose
        # value is typed as --opt=value (split), then the value typed so far.
        \(p)_dynamic() {
          local value=$1 line
          shift
          local -a args
          args=("$@")
          [[ -n $\(p)_head ]] && args+=("${\(p)_head%=}")
          args+=("$value")
          while IFS= read -r line; do
            [[ -n $line ]] || continue
            if [[ $line == *$'\\t'* ]]; then
              \(p)_add "$\(p)_head${line%%$'\\t'*}" "${line#*$'\\t'}"
            else
              \(p)_add "$\(p)_head$line" ""
            fi
          done < <(command \(table.programName) __complete "${args[@]}" 2>/dev/null)
        }

        # Candidates for the word under the cursor ($1) after the words before it ($2…), which
        # \(p)_walk has read: whole words in \(p)_vals (descriptions in \(p)_descs), or \(p)_files set
        # to f or d with \(p)_value the path typed so far.
        \(p)_candidates() {
          local cur=$1 kind= item
          shift
          \(p)_cur=$cur \(p)_vals=() \(p)_descs=() \(p)_files= \(p)_head= \(p)_value=$cur
          if [[ -n $\(p)_expect ]]; then
            \(p)_optkind "$\(p)_path" "$\(p)_expect"; kind=$REPLY
          elif [[ -n $\(p)_ddash ]]; then
            \(p)_argkind "$\(p)_path" "$\(p)_npos"; kind=$REPLY
          elif [[ $cur == --*=* ]]; then
            \(p)_head=${cur%%=*}= \(p)_value=${cur#*=}
            \(p)_optkind "$\(p)_path" "${cur%%=*}"; kind=$REPLY
          elif [[ $cur == -* ]]; then
            \(p)_names "$\(p)_path"
            for item in "${\(p)_opts[@]}" "${\(p)_gopts[@]}"; do \(p)_add "${item%%:*}" "${item#*:}"; done
            return 0
          else
            if (( \(p)_npos == 0 )); then
              \(p)_names "$\(p)_path"
              for item in "${\(p)_cmds[@]}"; do \(p)_add "${item%%:*}" "${item#*:}"; done
            fi
            \(p)_argkind "$\(p)_path" "$\(p)_npos"; kind=$REPLY
          fi
          case $kind in
            c) for item in "${\(p)_words[@]}"; do \(p)_add "$\(p)_head$item" ""; done ;;
            f|d) \(p)_files=$kind ;;
            y) \(p)_dynamic "$\(p)_value" "$@" ;;
          esac
          return 0
        }
        """
    }
}
