/// Strokes drawn on the signature pad, in braille-dot coordinates (two dots across and four
/// down per terminal cell), shown as braille characters and rasterised for the PNG.
struct SignatureDrawing: Sendable, Equatable {
    struct Dot: Sendable, Hashable {
        var x: Int
        var y: Int
    }

    /// Columns and rows of the pad in terminal cells.
    let columns: Int
    let rows: Int
    private(set) var strokes: [[Dot]] = []

    init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
    }

    var isEmpty: Bool { strokes.allSatisfy(\.isEmpty) }

    /// A mouse report at cell (column, row), 0-based inside the pad: a press starts a
    /// stroke, a drag continues it.
    mutating func touch(column: Int, row: Int, starting: Bool) {
        guard column >= 0, column < columns, row >= 0, row < rows else { return }
        let dot = Dot(x: column * 2 + 1, y: row * 4 + 2)
        if starting || strokes.isEmpty {
            strokes.append([dot])
        } else if strokes[strokes.count - 1].last != dot {
            strokes[strokes.count - 1].append(dot)
        }
    }

    mutating func clear() { strokes = [] }

    /// Every dot on the strokes' lines (each segment joined, so a quick drag leaves no gaps).
    var dots: Set<Dot> {
        var out = Set<Dot>()
        for stroke in strokes {
            guard var previous = stroke.first else { continue }
            out.insert(previous)
            for dot in stroke.dropFirst() {
                for point in Self.line(from: previous, to: dot) { out.insert(point) }
                previous = dot
            }
        }
        return out
    }

    /// The pad as lines of braille characters (U+2800 + the dots' bits).
    var braille: [String] {
        var cells = Array(repeating: Array(repeating: UInt32(0), count: columns), count: rows)
        // Bit of each dot within its cell, by (x % 2, y % 4), as Unicode orders braille dots.
        let bits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
        for dot in dots {
            let column = dot.x / 2
            let row = dot.y / 4
            guard column < columns, row < rows else { continue }
            cells[row][column] |= bits[dot.x % 2][dot.y % 4]
        }
        return cells.map { row in String(String.UnicodeScalarView(row.compactMap { Unicode.Scalar(0x2800 + $0) })) }
    }

    /// Bresenham's line between two dots.
    static func line(from a: Dot, to b: Dot) -> [Dot] {
        var points: [Dot] = []
        var x = a.x
        var y = a.y
        let dx = abs(b.x - a.x)
        let dy = -abs(b.y - a.y)
        let sx = a.x < b.x ? 1 : -1
        let sy = a.y < b.y ? 1 : -1
        var error = dx + dy
        while true {
            points.append(Dot(x: x, y: y))
            if x == b.x && y == b.y { break }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += sx
            }
            if doubled <= dx {
                error += dx
                y += sy
            }
        }
        return points
    }

    /// The signature as greyscale pixels (white background, black strokes), `scale` pixels
    /// per dot, strokes drawn with a round pen so they read at that size.
    func raster(scale: Int = 4) -> (pixels: [UInt8], width: Int, height: Int) {
        let width = columns * 2 * scale
        let height = rows * 4 * scale
        var pixels = [UInt8](repeating: 255, count: width * height)
        let pen = max(1, scale * 3 / 4)
        for stroke in strokes {
            guard var previous = stroke.first else { continue }
            var path = [previous]
            for dot in stroke.dropFirst() {
                // At pixel resolution, so the line is smooth rather than stepped in dots.
                let a = Dot(x: previous.x * scale + scale / 2, y: previous.y * scale + scale / 2)
                let b = Dot(x: dot.x * scale + scale / 2, y: dot.y * scale + scale / 2)
                path += Self.line(from: a, to: b)
                previous = dot
            }
            if stroke.count == 1 { path = [Dot(x: previous.x * scale + scale / 2, y: previous.y * scale + scale / 2)] }
            for point in path {
                for oy in -pen...pen {
                    for ox in -pen...pen where ox * ox + oy * oy <= pen * pen {
                        let px = point.x + ox
                        let py = point.y + oy
                        if px >= 0, px < width, py >= 0, py < height { pixels[py * width + px] = 0 }
                    }
                }
            }
        }
        return (pixels, width, height)
    }
}
