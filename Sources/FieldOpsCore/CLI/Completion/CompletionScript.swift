/// Shell completion scripts generated from the command tree.
///
/// Commands, aliases, options, which options take values and their choices are embedded in the
/// script, so they complete without starting a process; only `.dynamic` values (profile names,
/// cached ids) call `<program> __complete <words…>`. File and directory values use the shell's
/// own file completion. Output is deterministic (tree order), so checked-in files can be diffed.
public enum CompletionScript {
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish

        /// The conventional file name: `fieldops.bash`, `_fieldops`, `fieldops.fish`.
        public func fileName(programName: String = "fieldops") -> String {
            switch self {
            case .bash: return programName + ".bash"
            case .zsh: return "_" + programName
            case .fish: return programName + ".fish"
            }
        }
    }

    public static func script(for shell: Shell, root: CommandSpec, programName: String = "fieldops") -> String {
        switch shell {
        case .bash: return bash(root: root, programName: programName)
        case .zsh: return zsh(root: root, programName: programName)
        case .fish: return fish(root: root, programName: programName)
        }
    }

    public static func bash(root: CommandSpec, programName: String = "fieldops") -> String {
        BashCompletionScript(table: CompletionTable(root: root, programName: programName)).render()
    }

    public static func zsh(root: CommandSpec, programName: String = "fieldops") -> String {
        ZshCompletionScript(table: CompletionTable(root: root, programName: programName)).render()
    }

    public static func fish(root: CommandSpec, programName: String = "fieldops") -> String {
        FishCompletionScript(table: CompletionTable(root: root, programName: programName)).render()
    }
}
