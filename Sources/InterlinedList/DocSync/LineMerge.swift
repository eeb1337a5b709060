/// A three-way line merge (diff3): the changes each side made to a common base, applied
/// together. Where both changed the same lines differently the result keeps both, between
/// conflict markers, so that no edit is ever dropped.
///
/// Lines keep their terminators, so a file without a final newline merges back byte for byte.
/// The matching is Myers' O(ND) diff of the base against each side.
public enum LineMerge {
    public struct Result: Sendable, Equatable {
        public var text: String
        /// How many regions hold conflict markers.
        public var conflicts: Int
    }

    public static let oursMarker = "<<<<<<< local"
    public static let separatorMarker = "======="
    public static let theirsMarker = ">>>>>>> server"

    /// Merges `mine` and `theirs`, both descended from `base`.
    public static func merge(
        base: String, mine: String, theirs: String,
        mineLabel: String = "local", theirsLabel: String = "server"
    ) -> Result {
        if same(mine, theirs) || same(theirs, base) { return Result(text: mine, conflicts: 0) }
        if same(mine, base) { return Result(text: theirs, conflicts: 0) }
        let o = lines(base)
        let a = lines(mine)
        let b = lines(theirs)
        var ids = LineIDs()
        let oi = o.map { ids.id($0) }
        let ai = a.map { ids.id($0) }
        let bi = b.map { ids.id($0) }
        var inA = [Int?](repeating: nil, count: o.count)
        var inB = [Int?](repeating: nil, count: o.count)
        for (x, y) in matches(oi, ai) { inA[x] = y }
        for (x, y) in matches(oi, bi) { inB[x] = y }

        var out = ""
        var conflicts = 0
        var i = 0
        var j = 0
        var k = 0
        while i < o.count || j < a.count || k < b.count {
            // The next base line that both sides kept, at or after the cursors.
            var next = i
            while next < o.count {
                if let y = inA[next], let z = inB[next], y >= j, z >= k { break }
                next += 1
            }
            let (endA, endB) = next < o.count ? (inA[next]!, inB[next]!) : (a.count, b.count)
            if next == i && endA == j && endB == k {
                out += o[i]  // kept by both: stable
                i += 1
                j += 1
                k += 1
                continue
            }
            // Chunks are compared by their bytes (the line ids), never as Characters, so text
            // that differs only in Unicode normalization still counts as a change.
            let sameA = ai[j..<endA].elementsEqual(oi[i..<next])
            let sameB = bi[k..<endB].elementsEqual(oi[i..<next])
            if sameA {
                out += b[k..<endB].joined()
            } else if sameB || ai[j..<endA].elementsEqual(bi[k..<endB]) {
                out += a[j..<endA].joined()
            } else {
                conflicts += 1
                out +=
                    "<<<<<<< \(mineLabel)\n" + terminated(a[j..<endA]) + separatorMarker + "\n"
                    + terminated(b[k..<endB]) + ">>>>>>> \(theirsLabel)\n"
            }
            i = next
            j = endA
            k = endB
        }
        return Result(text: out, conflicts: conflicts)
    }

    /// Byte for byte equal: Swift's `==` on strings is Unicode equivalence, under which two
    /// files that differ only in normalization would look the same.
    public static func same(_ x: String, _ y: String) -> Bool { x.utf8.elementsEqual(y.utf8) }

    /// True when `text` still holds a conflict region this merge wrote (a person has not resolved it).
    public static func hasConflictMarkers(_ text: String) -> Bool {
        var sawStart = false
        var sawSeparator = false
        for line in lines(text) {
            let bare = line.utf8.last == 0x0A ? line.dropLast() : line[...]
            if bare.hasPrefix("<<<<<<< ") {
                sawStart = true
                sawSeparator = false
            } else if sawStart && bare.utf8.elementsEqual(separatorMarker.utf8) {
                sawSeparator = true
            } else if sawStart && sawSeparator && bare.hasPrefix(">>>>>>> ") {
                return true
            }
        }
        return false
    }

    /// The lines two texts share, in order (their longest common subsequence as Myers finds it):
    /// the base to merge two unrelated copies against, so only the lines that differ conflict.
    public static func commonLines(_ x: String, _ y: String) -> String {
        let a = lines(x)
        let b = lines(y)
        var ids = LineIDs()
        let ai = a.map { ids.id($0) }
        let bi = b.map { ids.id($0) }
        return matches(ai, bi).map { a[$0.0] }.joined()
    }

    /// Splits into lines that keep their "\n", at each 0x0A byte: "\r\n" is one Character in
    /// Swift, so splitting by Character would never end a line of a CRLF file.
    static func lines(_ text: String) -> [Substring] {
        var out: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index < utf8.endIndex {
            let after = utf8.index(after: index)
            if utf8[index] == 0x0A {
                out.append(text[start..<after])
                start = after
            }
            index = after
        }
        if start < utf8.endIndex { out.append(text[start...]) }
        return out
    }

    private static func terminated(_ chunk: ArraySlice<Substring>) -> String {
        let text = chunk.joined()
        return text.isEmpty || text.utf8.last == 0x0A ? text : text + "\n"
    }

    /// The matched index pairs of a shortest edit script from `a` to `b` (Myers 1986), with the
    /// common prefix and suffix trimmed first. Past `limit` edits the middle is left unmatched,
    /// which a merge shows as one conflict: slower than that is never worth it for documents.
    static func matches(_ a: [Int], _ b: [Int], limit: Int = 1_500) -> [(Int, Int)] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var pairs = (0..<prefix).map { ($0, $0) }
        let x0 = prefix
        let n = a.count - prefix - suffix
        let m = b.count - prefix - suffix
        if n > 0 && m > 0 {
            pairs += middle(a, b, x0: x0, n: n, m: m, limit: limit)
        }
        pairs += (0..<suffix).map { (a.count - suffix + $0, b.count - suffix + $0) }
        return pairs
    }

    private static func middle(_ a: [Int], _ b: [Int], x0: Int, n: Int, m: Int, limit: Int) -> [(Int, Int)] {
        let maximum = min(n + m, limit)
        let offset = maximum + 1
        var v = [Int](repeating: 0, count: 2 * maximum + 3)
        var trace: [[Int]] = []
        var found: Int?
        search: for d in 0...maximum {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x0 + x] == b[x0 + y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    found = d
                    break search
                }
            }
        }
        guard let depth = found else { return [] }
        var pairs: [(Int, Int)] = []
        var x = n
        var y = m
        for d in stride(from: depth, to: 0, by: -1) {
            let previous = trace[d]  // v as it stood before step d, for k in -d...d
            func at(_ k: Int) -> Int { previous[k + d] }
            let k = x - y
            let fromK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let fromX = at(fromK)
            let fromY = fromX - fromK
            let startX = fromK == k + 1 ? fromX : fromX + 1
            let startY = startX - k
            while x > startX && y > startY {
                x -= 1
                y -= 1
                pairs.append((x0 + x, x0 + y))
            }
            x = fromX
            y = fromY
        }
        while x > 0 && y > 0 {
            x -= 1
            y -= 1
            pairs.append((x0 + x, x0 + y))
        }
        return pairs.reversed()
    }
}

/// Interns lines as small integers by their bytes (not by Unicode equivalence), so the diff
/// compares numbers and two lines match only when they are byte for byte the same.
private struct LineIDs {
    var table: [[UInt8]: Int] = [:]
    mutating func id(_ line: Substring) -> Int {
        let bytes = Array(line.utf8)
        if let known = table[bytes] { return known }
        let next = table.count
        table[bytes] = next
        return next
    }
}
