/// A unified diff of two texts by lines, for `--dry-run`: exactly what the PUT would change in
/// the pretty-printed document, with a little context around each change.
public enum DocumentDiff {
    /// `--- before` / `+++ after` headers, then `@@ -a,b +c,d @@` hunks; empty when equal.
    public static func unified(before: String, after: String, beforeLabel: String, afterLabel: String, context: Int = 2) -> String {
        let old = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let script = edits(old, new)
        guard script.contains(where: { $0.kind != .same }) else { return "" }

        var out = "--- \(beforeLabel)\n+++ \(afterLabel)\n"
        var index = 0
        while index < script.count {
            guard script[index].kind != .same else {
                index += 1
                continue
            }
            // Grow the hunk while the next change is within two contexts of this one.
            var end = index
            var scan = index
            while scan < script.count {
                if script[scan].kind != .same { end = scan }
                if scan - end > context * 2 { break }
                scan += 1
            }
            let start = max(0, index - context)
            let stop = min(script.count - 1, end + context)
            let hunk = script[start...stop]
            let oldStart = (hunk.first?.oldLine ?? 0) + 1
            let newStart = (hunk.first?.newLine ?? 0) + 1
            let oldCount = hunk.filter { $0.kind != .added }.count
            let newCount = hunk.filter { $0.kind != .removed }.count
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for edit in hunk {
                switch edit.kind {
                case .same: out += " " + old[edit.oldLine] + "\n"
                case .removed: out += "-" + old[edit.oldLine] + "\n"
                case .added: out += "+" + new[edit.newLine] + "\n"
                }
            }
            index = stop + 1
        }
        return out
    }

    struct Edit {
        enum Kind { case same, removed, added }
        var kind: Kind
        /// Position in the old text (for `added`, the old line it comes before).
        var oldLine: Int
        var newLine: Int
    }

    /// Longest-common-subsequence edit script; documents are small (tens of lines).
    static func edits(_ old: [String], _ new: [String]) -> [Edit] {
        let n = old.count
        let m = new.count
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var script: [Edit] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                script.append(Edit(kind: .same, oldLine: i, newLine: j))
                i += 1
                j += 1
            } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                // Removals first, so a changed line reads as `-old` then `+new`.
                script.append(Edit(kind: .removed, oldLine: i, newLine: j))
                i += 1
            } else {
                script.append(Edit(kind: .added, oldLine: i, newLine: j))
                j += 1
            }
        }
        return script
    }
}
