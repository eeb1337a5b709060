import Foundation
import Testing

@testable import InterlinedList

/// Folders and nested lists as a tree, whatever the server's parent data looks like.
@Suite struct ListTreeTests {
    func titles(_ tree: ListTree, _ indexes: [Int]) -> [String] { indexes.map { tree.nodes[$0].title } }
    func node(_ tree: ListTree, _ id: String) -> ListTree.Node? { tree.nodes.first { $0.id == id } }

    // MARK: Roots

    @Test func emptyStringAndNullParentsBothMeanRoot() {
        let tree = ListTree(
            lists: [
                ILList(id: "a", title: "A", parentId: "", folderId: nil),
                ILList(id: "b", title: "B", parentId: nil, folderId: ""),
                ILList(id: "c", title: "C", parentId: "", folderId: ""),
            ],
            folders: [ILFolder(id: "f1", name: "F1", parentId: ""), ILFolder(id: "f2", name: "F2", parentId: nil)])
        #expect(titles(tree, tree.roots) == ["F1", "F2", "A", "B", "C"])
        #expect(tree.warnings.isEmpty)
    }

    @Test func listsNestUnderParentListsBeforeFolders() {
        let tree = ListTree(
            lists: [
                ILList(id: "l5", title: "Projects", folderId: "lf1"),
                ILList(id: "l6", title: "fieldops", parentId: "l5", folderId: "lf1"),
            ],
            folders: [ILFolder(id: "lf1", name: "Work")])
        #expect(titles(tree, tree.roots) == ["Work"])
        #expect(titles(tree, node(tree, "lf1")?.children ?? []) == ["Projects"])
        #expect(titles(tree, node(tree, "l5")?.children ?? []) == ["fieldops"])
    }

    // MARK: Bad data

    @Test func danglingParentsAreShownAtRootWithAWarning() {
        let tree = ListTree(
            lists: [
                ILList(id: "lc3", title: "Orphan", parentId: "l_missing"),
                ILList(id: "lx", title: "Lost", folderId: "lf_gone"),
            ],
            folders: [ILFolder(id: "lfc3", name: "Orphan folder", parentId: "lf_missing")])
        #expect(Set(tree.roots.map { tree.nodes[$0].id }) == ["lc3", "lx", "lfc3"])
        #expect(tree.warnings.count == 3)
        #expect(tree.warnings.contains { $0.contains("lc3") && $0.contains("l_missing") && $0.contains("root") })
    }

    @Test func aCycleIsCutAtItsSmallestIdAndShownAtRoot() {
        let tree = ListTree(
            lists: [ILList(id: "lc2", title: "Cycle B", parentId: "lc1"), ILList(id: "lc1", title: "Cycle A", parentId: "lc2")],
            folders: [ILFolder(id: "lfc2", name: "Loop B", parentId: "lfc1"), ILFolder(id: "lfc1", name: "Loop A", parentId: "lfc2")])
        #expect(tree.roots.map { tree.nodes[$0].id } == ["lfc1", "lc1"])
        #expect(node(tree, "lc1")?.children.map { tree.nodes[$0].id } == ["lc2"])
        #expect(node(tree, "lfc1")?.children.map { tree.nodes[$0].id } == ["lfc2"])
        #expect(tree.warnings.count == 2)
        #expect(tree.warnings.contains { $0.contains("lc1 → lc2 → lc1") })
    }

    @Test func aListThatIsItsOwnParentIsACycleOfOne() {
        let tree = ListTree(lists: [ILList(id: "self", title: "Me", parentId: "self")], folders: [])
        #expect(tree.roots.count == 1)
        #expect(tree.warnings.count == 1)
        #expect(tree.render() == "Me  self\n")
    }

    @Test func aTailHangingOffACycleStaysAttached() {
        let tree = ListTree(
            lists: [
                ILList(id: "a", title: "A", parentId: "b"), ILList(id: "b", title: "B", parentId: "c"),
                ILList(id: "c", title: "C", parentId: "b"), ILList(id: "t", title: "Tail", parentId: "a"),
            ],
            folders: [])
        // b ↔ c loop; cut at b. a hangs under b, t under a.
        #expect(tree.roots.map { tree.nodes[$0].id } == ["b"])
        #expect(tree.render() == "B  b\n├── A  a\n│   └── Tail  t\n└── C  c\n")
    }

    // MARK: Rendering

    @Test func rendersFoldersFirstWithConnectors() {
        let tree = ListTree(
            lists: [
                ILList(id: "l1", title: "Groceries", folderId: "lf3"), ILList(id: "l2", title: "Books", parentId: ""),
                ILList(id: "l3", title: "Sci-fi", parentId: "l2"),
            ],
            folders: [ILFolder(id: "lf2", name: "Home", parentId: ""), ILFolder(id: "lf3", name: "Errands", parentId: "lf2")])
        #expect(
            tree.render() == """
                Home/  lf2
                └── Errands/  lf3
                    └── Groceries  l1
                Books  l2
                └── Sci-fi  l3

                """)
    }

    @Test func jsonKeepsTheNesting() throws {
        let tree = ListTree(
            lists: [ILList(id: "l1", title: "A", folderId: "f"), ILList(id: "l2", title: "B", parentId: "l1")],
            folders: [ILFolder(id: "f", name: "F")])
        let text = String(decoding: try ILJSON.encode(tree.jsonRoots), as: UTF8.self)
        #expect(
            text
                == #"[{"children":[{"children":[{"children":[],"id":"l2","title":"B","type":"list"}],"id":"l1","title":"A","type":"list"}],"id":"f","title":"F","type":"folder"}]"#
        )
    }

    // MARK: Scale

    @Test func fiveThousandListsAndFiveHundredFoldersBuildInLinearTime() {
        var rng = SplitMix(seed: 7)
        var folders: [ILFolder] = []
        for index in 0..<500 {
            let parent = index > 0 && rng.next() % 3 != 0 ? "f\(rng.next() % UInt64(index))" : (index % 2 == 0 ? "" : nil)
            folders.append(ILFolder(id: "f\(index)", name: "Folder \(index)", parentId: parent))
        }
        var lists: [ILList] = []
        for index in 0..<5_000 {
            let parent = index > 0 && rng.next() % 5 < 3 ? "l\(rng.next() % UInt64(index))" : ""
            let folder = rng.next() % 2 == 0 ? "f\(rng.next() % 500)" : nil
            lists.append(ILList(id: "l\(index)", title: "List \(index)", parentId: parent, folderId: folder))
        }
        // A deep chain too: 2,000 lists each under the previous one.
        for index in 0..<2_000 {
            lists.append(ILList(id: "chain\(index)", title: "Chain \(index)", parentId: index == 0 ? nil : "chain\(index - 1)"))
        }
        // How fast it is, bench/il.sh measures; here: it finishes and is right.
        let tree = ListTree(lists: lists, folders: folders)
        #expect(tree.nodes.count == 7_500)
        #expect(tree.warnings.isEmpty)
        let lines = tree.render().split(separator: "\n")
        #expect(lines.count == 7_500)
    }
}

/// A small deterministic generator so the scale test builds the same data every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
