import FoundationEssentials

/// A parsed command line: which command, and the values of its options and arguments.
///
/// Values are stored by option long name or argument name. Global options (defined on the root)
/// are stored the same way, wherever on the line they appeared.
public struct Invocation: Sendable, Equatable {
    /// The command's path from the root, by canonical name (`["jqc", "inspect", "start"]`).
    public var path: [String]
    /// Option and argument values in the order given (repeatable options and variadic arguments have several).
    public var values: [String: [String]]
    /// Flags that were given.
    public var flags: Set<String>
    /// Words after a `--` terminator (passed through untouched, e.g. to an external `fieldops-<name>`).
    public var passthrough: [String]
    /// The command line as typed (after the program name), for hints that repeat it.
    public var words: [String] = []
    /// The declared defaults of the command's integer options that were not given (filled in
    /// by the parser; `integer(_:)` answers with them).
    public var defaults: [String: Int] = [:]
    /// Every option and argument name the parsed command declares (its own, its arguments and
    /// the global options), set by the parser. Reading a name outside it is a programming
    /// mistake — a misspelt option — and stops a debug build (every test) at the lookup instead
    /// of answering nil; nil for an invocation built by hand.
    public var declared: Set<String>? = nil

    public init(path: [String] = [], values: [String: [String]] = [:], flags: Set<String> = [], passthrough: [String] = []) {
        self.path = path
        self.values = values
        self.flags = flags
        self.passthrough = passthrough
    }

    /// Equal when they mean the same: the words as typed do not count.
    public static func == (lhs: Invocation, rhs: Invocation) -> Bool {
        lhs.path == rhs.path && lhs.values == rhs.values && lhs.flags == rhs.flags && lhs.passthrough == rhs.passthrough
    }

    public func flag(_ name: String) -> Bool {
        checkDeclared(name)
        return flags.contains(name)
    }
    /// The last value given for an option or argument (the last one wins for non-repeatable options).
    public func value(_ name: String) -> String? {
        checkDeclared(name)
        return values[name]?.last
    }
    public func all(_ name: String) -> [String] {
        checkDeclared(name)
        return values[name] ?? []
    }

    /// True when the command declares the option or argument `name`: for code shared by
    /// commands of which only some take it (`--until` on the watchable ones).
    public func declares(_ name: String) -> Bool { declared?.contains(name) ?? true }

    /// Stops a debug build when `name` is not one of the command's options or arguments.
    func checkDeclared(_ name: String) {
        assert(declares(name), "fieldops \(path.joined(separator: " ")) declares no option or argument '\(name)'")
    }

    /// The command line as typed with `--option` set to `value` (any earlier `--option V`,
    /// `--option=V` or `-x V` removed), shell-quoted: a "next page" hint that keeps every filter.
    public func followUp(setting option: String, short: Character? = nil, to value: String) -> String {
        var kept: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" {
                kept += words[index...]
                break
            }
            if word == "--" + option || short.map({ word == "-" + String($0) }) == true {
                index += 2
                continue
            }
            if word.hasPrefix("--" + option + "=") || short.map({ word.hasPrefix("-" + String($0)) && word.count > 2 }) == true {
                index += 1
                continue
            }
            kept.append(word)
            index += 1
        }
        return (["fieldops"] + kept + ["--" + option, value]).map(ShellQuote.word).joined(separator: " ")
    }
}

/// Quotes a word for a POSIX shell only when it needs it.
public enum ShellQuote {
    public static func word(_ word: String) -> String {
        let safe =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                    || "-_./:=@%+,".unicodeScalars.contains(scalar)
            }
        return safe ? word : "'" + word.replacingEvery("'", with: "'\\''") + "'"
    }
}
