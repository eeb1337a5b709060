import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Facts about the terminal that shape output: width and whether colour is wanted.
public struct TerminalInfo: Sendable, Equatable {
    public var width: Int
    public var colorEnabled: Bool

    public init(width: Int = 80, colorEnabled: Bool = false) {
        self.width = width
        self.colorEnabled = colorEnabled
    }

    /// Reads the width from the terminal (or `$COLUMNS`), and turns colour on only for a terminal
    /// without `NO_COLOR` (https://no-color.org: any non-empty value) or `--no-color`.
    public static func detect(stdout: TextStream, environment: [String: String], noColorFlag: Bool) -> TerminalInfo {
        var width = 80
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 20 {
            width = columns
        } else if stdout.isTerminal {
            var size = winsize()
            if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 {
                width = Int(size.ws_col)
            }
        }
        let noColorEnv = !(environment["NO_COLOR"] ?? "").isEmpty
        let color = stdout.isTerminal && !noColorEnv && !noColorFlag && environment["TERM"] != "dumb"
        return TerminalInfo(width: width, colorEnabled: color)
    }
}

/// ANSI styles, applied only when colour is enabled.
public enum Style: String, Sendable {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case blue = "34"
    case cyan = "36"

    public func apply(_ text: String, enabled: Bool) -> String {
        enabled ? "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" : text
    }
}
