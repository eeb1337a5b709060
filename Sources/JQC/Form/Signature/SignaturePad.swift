import FieldOpsCore
import FoundationEssentials

/// The drawing pad: mouse reporting on (xterm's SGR 1006 mode, with drag events), strokes
/// shown as braille while they are drawn; Enter accepts, `c` clears, Esc cancels.
struct SignaturePad {
    let screen: CursesScreen
    let title: String

    /// Any-motion-with-button (1002) in SGR encoding (1006): press, drag and release reports
    /// with cell coordinates, the form every common terminal supports.
    static let mouseOn = "\u{1B}[?1002h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l"

    /// The drawing accepted, or nil when the person cancelled.
    func run() throws -> SignatureDrawing? {
        var (width, height) = screen.size
        var drawing = SignatureDrawing(columns: max(10, width - 4), rows: max(3, height - 5))
        screen.decodeKeys(false)
        screen.sendToTerminal(Self.mouseOn)
        defer {
            screen.sendToTerminal(Self.mouseOff)
            screen.decodeKeys(true)
        }
        var note = "draw with the mouse or trackpad (button held) · Enter accepts · c clears · Esc cancels"
        while true {
            screen.draw(canvas(drawing, width: width, height: height, note: note))
            try Task.checkCancellation()
            guard let byte = screen.rawByte(timeout: 100) else {
                let now = screen.size
                if now != (width, height) {
                    (width, height) = now
                    // A resized pad starts afresh: strokes are in the old pad's cells.
                    drawing = SignatureDrawing(columns: max(10, width - 4), rows: max(3, height - 5))
                }
                continue
            }
            switch byte {
            case 13, 10:
                if drawing.isEmpty {
                    note = "nothing drawn yet: draw, or Esc cancels"
                    continue
                }
                return drawing
            case UInt8(ascii: "c"): drawing.clear()
            case UInt8(ascii: "q"): return nil
            case 27:
                guard let report = readMouseReport() else { return nil }
                // The left button pressed (0) or dragged (32 + 0); cells are 1-based in the
                // report and the pad's first cell is column 3, row 3 of the screen.
                if report.press, report.button & ~32 == 0 {
                    drawing.touch(column: report.column - 3, row: report.row - 3, starting: report.button & 32 == 0)
                }
            default: break
            }
        }
    }

    struct MouseReport {
        var button: Int
        var column: Int
        var row: Int
        var press: Bool
    }

    /// After ESC: `[<b;x;yM` (press or drag) or `…m` (release); nil for a lone Esc.
    private func readMouseReport() -> MouseReport? {
        guard screen.rawByte(timeout: 50) == UInt8(ascii: "["), screen.rawByte(timeout: 50) == UInt8(ascii: "<") else { return nil }
        var numbers: [Int] = [0]
        while let byte = screen.rawByte(timeout: 50) {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                numbers[numbers.count - 1] = min(100_000, numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0")))
            case UInt8(ascii: ";"): numbers.append(0)
            case UInt8(ascii: "M"), UInt8(ascii: "m"):
                guard numbers.count == 3 else { return MouseReport(button: 3, column: 0, row: 0, press: false) }
                return MouseReport(button: numbers[0], column: numbers[1], row: numbers[2], press: byte == UInt8(ascii: "M"))
            default:
                return MouseReport(button: 3, column: 0, row: 0, press: false)
            }
        }
        return MouseReport(button: 3, column: 0, row: 0, press: false)
    }

    private func canvas(_ drawing: SignatureDrawing, width: Int, height: Int, note: String) -> FormCanvas {
        var canvas = FormCanvas(width: width, height: height)
        canvas.put(0, 0, title, .bold)
        canvas.put(1, 1, "┌" + String(repeating: "─", count: drawing.columns) + "┐", .dim)
        for (n, line) in drawing.braille.enumerated() {
            canvas.put(2 + n, 1, "│", .dim)
            canvas.put(2 + n, 2, line)
            canvas.put(2 + n, 2 + drawing.columns, "│", .dim)
        }
        canvas.put(2 + drawing.rows, 1, "└" + String(repeating: "─", count: drawing.columns) + "┘", .dim)
        canvas.put(height - 1, 0, " " + note + " ", .status)
        return canvas
    }
}
