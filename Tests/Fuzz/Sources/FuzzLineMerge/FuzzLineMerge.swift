import FieldOpsCore
import Foundation
import FuzzSupport
import InterlinedList

/// `il docs sync`'s three-way merge and its file names. The input is three texts separated by
/// NUL bytes: a base and two edits of it. Whatever they hold, the merge keeps every edit:
/// an untouched side yields the other side exactly, the two orders of the sides agree on how
/// many conflicts there are (and, without conflicts, on the text), and the common lines of two
/// texts are a subsequence of each. A title, whatever it holds, becomes a name a Linux file
/// system takes and the sync does not ignore.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = FuzzInput(data, size).bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let base = parts.first ?? ""
    let mine = parts.count > 1 ? parts[1] : ""
    let theirs = parts.count > 2 ? parts[2] : ""
    merge(base: base, mine: mine, theirs: theirs)
    names(base)
    return 0
}

private func merge(base: String, mine: String, theirs: String) {
    Invariant.require(
        LineMerge.same(LineMerge.merge(base: base, mine: base, theirs: theirs).text, theirs),
        "an untouched local side must yield the server's text")
    Invariant.require(
        LineMerge.same(LineMerge.merge(base: base, mine: mine, theirs: base).text, mine),
        "an untouched server side must yield the local text")
    let forward = LineMerge.merge(base: base, mine: mine, theirs: theirs)
    let backward = LineMerge.merge(base: base, mine: theirs, theirs: mine)
    Invariant.require(
        forward.conflicts == backward.conflicts,
        "the sides' order changed the conflicts: \(forward.conflicts) vs \(backward.conflicts)")
    if forward.conflicts == 0 {
        Invariant.require(LineMerge.same(forward.text, backward.text), "a clean merge depends on the sides' order")
    } else {
        Invariant.require(LineMerge.hasConflictMarkers(forward.text), "a merge with conflicts must show its markers")
    }
    let common = LineMerge.commonLines(mine, theirs)
    Invariant.require(isSubsequence(common, of: mine) && isSubsequence(common, of: theirs), "common lines must be in both texts")
}

/// Whether the lines of `small` (each with its "\n", as bytes) appear in `large` in order.
private func isSubsequence(_ small: String, of large: String) -> Bool {
    let lines = byteLines(large)
    var index = lines.startIndex
    for line in byteLines(small) {
        guard let found = lines[index...].firstIndex(of: line) else { return false }
        index = lines.index(after: found)
    }
    return true
}

private func byteLines(_ text: String) -> [[UInt8]] {
    var out: [[UInt8]] = []
    var current: [UInt8] = []
    for byte in text.utf8 {
        current.append(byte)
        if byte == 0x0A {
            out.append(current)
            current = []
        }
    }
    if !current.isEmpty { out.append(current) }
    return out
}

private func names(_ title: String) {
    let name = DocSyncNames.safe(title).name
    Invariant.require(!name.isEmpty && !name.hasPrefix("."), "the name of “\(title)” is empty or hidden: “\(name)”")
    Invariant.require(!name.contains("/") && !name.utf8.contains(0), "the name of “\(title)” holds a slash or NUL")
    Invariant.require(name.utf8.count <= DocSyncNames.maximumBytes, "the name of “\(title)” is \(name.utf8.count) bytes")
}
