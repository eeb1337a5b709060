import Foundation

/// Questions asked on the controlling terminal: a line of text, or a secret with echo off.
///
/// Prompts go to stderr so that stdout stays clean for `--json` and pipes. A secret is read
/// with echo off and the terminal restored even when reading fails.
public enum TerminalPrompt {
    /// Reads one line after showing `question`; nil at end of input.
    public static func line(_ question: String, stderr: TextStream, stdin: InputSource) -> String? {
        stderr.write(question)
        return stdin.readLine()
    }

    /// Reads one line from the terminal on fd 0 with echo off; nil at end of input.
    public static func secret(_ question: String, stderr: TextStream) -> String? {
        secretBytes(question, stderr: stderr).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The same as bytes, so a caller holding key material can wipe them after use.
    public static func secretBytes(_ question: String, stderr: TextStream) -> [UInt8]? {
        // Echo goes off before the prompt appears: a person (or a script) that types as soon as
        // the prompt shows must never see the secret echoed.
        var saved = termios()
        let canRestore = tcgetattr(STDIN_FILENO, &saved) == 0
        if canRestore {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ICANON)
            tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        }
        stderr.write(question)
        defer {
            if canRestore { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
            stderr.write("\n")
        }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        var sawAny = false
        while read(STDIN_FILENO, &byte, 1) == 1 {
            sawAny = true
            if byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard sawAny else { return nil }
        return line
    }
}
