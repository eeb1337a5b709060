/// Folders and nested lists arranged as a tree, built in linear time from the server's flat data.
///
/// The server's data is not trusted to be a tree: `parentId`/`folderId` may be `""` or `null`
/// (both mean the root), may name an object that does not exist (a dangling parent), or may loop
/// (a cycle). Dangling parents put the object at the root; a cycle is cut at the member with the
/// smallest id, which is shown at the root with the rest of the loop under it. Each case adds a
/// warning. Nothing here can loop: every node is walked once.
public struct ListTree: Sendable {
    public enum Kind: String, Sendable, Codable { case folder, list }

    /// One folder or list. `children` index into `nodes`, folders first, then by title.
    public struct Node: Sendable {
        public var kind: Kind
        public var id: String
        public var title: String
        public var children: [Int]
    }

    public private(set) var nodes: [Node]
    /// Indexes of the nodes shown at the top level.
    public private(set) var roots: [Int]
    /// What was wrong with the data and where it is shown instead, one sentence each.
    public private(set) var warnings: [String]

    /// Builds the tree: folders nest by `parentId`; a list sits under its parent list when it has
    /// one, else in its folder, else at the root.
    public init(lists: [ILList], folders: [ILFolder]) {
        let folderCount = folders.count
        var nodes: [Node] = []
        nodes.reserveCapacity(folderCount + lists.count)
        var folderIndex: [String: Int] = [:]
        var listIndex: [String: Int] = [:]
        folderIndex.reserveCapacity(folderCount)
        listIndex.reserveCapacity(lists.count)
        var warnings: [String] = []

        for folder in folders {
            if folderIndex[folder.id] == nil {
                folderIndex[folder.id] = nodes.count
            } else {
                warnings.append("folder id \(folder.id) appears more than once; the copies are shown separately")
            }
            nodes.append(Node(kind: .folder, id: folder.id, title: folder.name, children: []))
        }
        for list in lists {
            if listIndex[list.id] == nil {
                listIndex[list.id] = nodes.count
            } else {
                warnings.append("list id \(list.id) appears more than once; the copies are shown separately")
            }
            nodes.append(Node(kind: .list, id: list.id, title: list.title, children: []))
        }

        var parent = [Int?](repeating: nil, count: nodes.count)
        for (offset, folder) in folders.enumerated() {
            guard let parentID = folder.parentFolderID else { continue }
            if let found = folderIndex[parentID] {
                parent[offset] = found
            } else {
                warnings.append(
                    "folder \(Self.describe(nodes[offset])) names parent folder \(parentID), which does not exist; shown at the root")
            }
        }
        for (offset, list) in lists.enumerated() {
            let index = folderCount + offset
            if let parentID = list.parentListID {
                if let found = listIndex[parentID] {
                    parent[index] = found
                } else {
                    warnings.append(
                        "list \(Self.describe(nodes[index])) names parent list \(parentID), which does not exist; shown at the root")
                }
            } else if let folderID = list.folderID {
                if let found = folderIndex[folderID] {
                    parent[index] = found
                } else {
                    warnings.append("list \(Self.describe(nodes[index])) names folder \(folderID), which does not exist; shown at the root")
                }
            }
        }

        warnings += Self.cutCycles(&parent, nodes: nodes)

        var roots: [Int] = []
        for index in nodes.indices {
            if let up = parent[index] {
                nodes[up].children.append(index)
            } else {
                roots.append(index)
            }
        }
        // Sort keys copied out of `nodes`, so sorting a node's children never reads `nodes` mid-mutation.
        let isFolder = nodes.map { $0.kind == .folder }
        let sortKeys = nodes.map { $0.title.lowercased() }
        let ids = nodes.map(\.id)
        let order: (Int, Int) -> Bool = { left, right in
            if isFolder[left] != isFolder[right] { return isFolder[left] }
            if sortKeys[left] != sortKeys[right] { return sortKeys[left] < sortKeys[right] }
            return ids[left] < ids[right]
        }
        roots.sort(by: order)
        for index in nodes.indices where nodes[index].children.count > 1 {
            nodes[index].children.sort(by: order)
        }
        self.nodes = nodes
        self.roots = roots
        self.warnings = warnings
    }

    /// Finds every parent cycle and cuts each at its member with the smallest id, in O(n).
    ///
    /// Each node has at most one parent, so walking up from any unvisited node either reaches the
    /// root, a node finished earlier, or a node already on the current walk (a cycle).
    private static func cutCycles(_ parent: inout [Int?], nodes: [Node]) -> [String] {
        enum Mark { case unvisited, onWalk, done }
        var mark = [Mark](repeating: .unvisited, count: parent.count)
        var walk: [Int] = []
        var positionOnWalk = [Int](repeating: -1, count: parent.count)
        var warnings: [String] = []
        for start in parent.indices where mark[start] == .unvisited {
            walk.removeAll(keepingCapacity: true)
            var current: Int? = start
            while let node = current, mark[node] == .unvisited {
                mark[node] = .onWalk
                positionOnWalk[node] = walk.count
                walk.append(node)
                current = parent[node]
            }
            if let node = current, mark[node] == .onWalk {
                let loop = Array(walk[positionOnWalk[node]...])
                let cut = loop.min { nodes[$0].id < nodes[$1].id } ?? node
                parent[cut] = nil
                let cutAt = loop.firstIndex(of: cut) ?? 0
                let fromCut = Array(loop[cutAt...] + loop[..<cutAt])
                let path = (fromCut + [cut]).map { nodes[$0].id }.joined(separator: " → ")
                warnings.append("\(nodes[cut].kind.rawValue) \(describe(nodes[cut])) is in a parent cycle (\(path)); shown at the root")
            }
            for node in walk { mark[node] = .done }
        }
        return warnings
    }

    private static func describe(_ node: Node) -> String { "\(node.id) “\(node.title)”" }

    /// Number of folders and lists in the tree.
    public var counts: (folders: Int, lists: Int) {
        let folders = nodes.reduce(0) { $0 + ($1.kind == .folder ? 1 : 0) }
        return (folders, nodes.count - folders)
    }
}
