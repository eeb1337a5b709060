import FieldOpsCore

/// The tree drawn with box-drawing connectors, and as nested JSON for `--json`.
extension ListTree {
    /// One line per node: `├── Work/  lf1`. Drawn with an explicit stack, so a deep chain of
    /// nested lists cannot exhaust the call stack.
    public func render(color: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(nodes.count * 32)
        // (node, prefix of its line, whether it is the last of its siblings, depth 0 = root)
        var stack: [(Int, String, Bool, Bool)] = []
        for (position, root) in roots.enumerated().reversed() {
            stack.append((root, "", position == roots.count - 1, true))
        }
        while let (index, prefix, isLast, atRoot) = stack.popLast() {
            let node = nodes[index]
            let connector = atRoot ? "" : (isLast ? "└── " : "├── ")
            let name = node.kind == .folder ? Style.bold.apply(node.title + "/", enabled: color) : node.title
            out += prefix + connector + name + "  " + Style.dim.apply(node.id, enabled: color) + "\n"
            let childPrefix = atRoot ? "" : prefix + (isLast ? "    " : "│   ")
            for (position, child) in node.children.enumerated().reversed() {
                stack.append((child, childPrefix, position == node.children.count - 1, false))
            }
        }
        return out
    }

    /// A node and its subtree for `--json` output.
    public struct JSONNode: Encodable, Sendable {
        public var type: Kind
        public var id: String
        public var title: String
        public var children: [JSONNode]
    }

    /// The roots with their subtrees, built bottom-up without recursion.
    public var jsonRoots: [JSONNode] {
        // Post-order: a node's JSON is made once all of its children's are.
        var built = [JSONNode?](repeating: nil, count: nodes.count)
        var stack: [(Int, Bool)] = roots.reversed().map { ($0, false) }
        while let (index, expanded) = stack.popLast() {
            if expanded {
                let node = nodes[index]
                built[index] = JSONNode(
                    type: node.kind, id: node.id, title: node.title,
                    children: node.children.compactMap { built[$0] })
            } else {
                stack.append((index, true))
                for child in nodes[index].children.reversed() { stack.append((child, false)) }
            }
        }
        return roots.compactMap { built[$0] }
    }
}
