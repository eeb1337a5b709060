/// A key of a scrolling view (`LiveScreen`), decoded from what the terminal sends: the arrows,
/// PgUp/PgDn and Home/End in each form xterm, the Linux console and screen/tmux send them (`ESC
/// [ A`, `ESC O A`, `ESC [ 5 ~`, `ESC [ H`, `ESC [ 1 ~`…), and the letters `less` users type.
public enum ScrollKey: Sendable, Equatable {
    case lineUp, lineDown, pageUp, pageDown, home, end, quit

    /// Reads keys from `bytes` as they come; `next` gives the following byte of an escape
    /// sequence, or nil when none came in time (a lone Escape).
    public static func decode(first: UInt8, next: () -> UInt8?) -> ScrollKey? {
        switch first {
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): return .quit
        case UInt8(ascii: "j"), 0x0E: return .lineDown  // j, Ctrl-N
        case UInt8(ascii: "k"), 0x10: return .lineUp  // k, Ctrl-P
        case UInt8(ascii: " "), UInt8(ascii: "f"), 0x06: return .pageDown  // space, f, Ctrl-F
        case UInt8(ascii: "b"), 0x02: return .pageUp  // b, Ctrl-B
        case UInt8(ascii: "g"), UInt8(ascii: "<"): return .home
        case UInt8(ascii: "G"), UInt8(ascii: ">"): return .end
        case 0x1B: break
        default: return nil
        }
        guard let introducer = next(), introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return nil }
        var parameters: [UInt8] = []
        while let byte = next() {
            if (0x40...0x7E).contains(byte) { return sequence(parameters, final: byte) }
            parameters.append(byte)
            if parameters.count > 8 { return nil }
        }
        return nil
    }

    static func sequence(_ parameters: [UInt8], final: UInt8) -> ScrollKey? {
        switch final {
        case UInt8(ascii: "A"): return .lineUp
        case UInt8(ascii: "B"): return .lineDown
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch String(decoding: parameters, as: UTF8.self) {
            case "5": return .pageUp
            case "6": return .pageDown
            case "1", "7": return .home
            case "4", "8": return .end
            default: return nil
            }
        default: return nil
        }
    }
}

/// Where a scrolled view is: the first line shown of `total`, `visible` at a time.
public struct ScrollPosition: Sendable, Equatable {
    public private(set) var top = 0

    public init() {}

    /// Moves for `key` in a view of `total` lines showing `visible`; true when the top moved.
    @discardableResult
    public mutating func apply(_ key: ScrollKey, total: Int, visible: Int) -> Bool {
        let before = top
        switch key {
        case .lineUp: top -= 1
        case .lineDown: top += 1
        case .pageUp: top -= max(1, visible - 1)
        case .pageDown: top += max(1, visible - 1)
        case .home: top = 0
        case .end: top = total
        case .quit: break
        }
        clamp(total: total, visible: visible)
        return top != before
    }

    /// Keeps the top where a full page can still be shown (after a resize or a shorter frame).
    public mutating func clamp(total: Int, visible: Int) {
        top = max(0, min(top, total - visible))
    }

    /// `lines 1–22 of 41`: what a status line says when not everything fits.
    public func status(total: Int, visible: Int) -> String {
        "lines \(top + 1)–\(min(total, top + visible)) of \(total)"
    }
}
