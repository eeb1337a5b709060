import Testing

@testable import InterlinedList

/// The docs sync's three-way merge on the texts people's editors write: CRLF line ends, no
/// final newline, and the same letters in another Unicode normalization.
@Suite struct LineMergeTests {
    @Test func crlfLinesMergeOneByOne() {
        let merged = LineMerge.merge(base: "a\r\nb\r\nc\r\n", mine: "A\r\nb\r\nc\r\n", theirs: "a\r\nb\r\nC\r\n")
        #expect(merged == LineMerge.Result(text: "A\r\nb\r\nC\r\n", conflicts: 0))
    }

    @Test func theSameLineChangedTwiceKeepsBothBetweenMarkers() {
        let merged = LineMerge.merge(base: "a\nb\n", mine: "a\nX\n", theirs: "a\nY\n")
        #expect(merged == LineMerge.Result(text: "a\n<<<<<<< local\nX\n=======\nY\n>>>>>>> server\n", conflicts: 1))
        #expect(LineMerge.hasConflictMarkers(merged.text))
    }

    @Test func aTextWithoutAFinalNewlineMergesBackByteForByte() {
        let merged = LineMerge.merge(base: "# T\nmiddle\nend", mine: "# Title\nmiddle\nend", theirs: "# T\nmiddle\nthe end")
        #expect(merged == LineMerge.Result(text: "# Title\nmiddle\nthe end", conflicts: 0))
    }

    @Test func anotherNormalizationIsAChange() {
        let composed = "caf\u{E9}\n"
        let decomposed = "cafe\u{301}\n"
        #expect(!LineMerge.same(composed, decomposed))
        let merged = LineMerge.merge(base: composed, mine: composed, theirs: decomposed)
        #expect(LineMerge.same(merged.text, decomposed))
    }

    @Test func commonLinesAreWhatBothTextsShare() {
        #expect(LineMerge.commonLines("a\nb\nc\n", "a\nc\nd\n") == "a\nc\n")
    }
}

/// Titles to file names, whatever the title holds.
@Suite struct DocSyncNamesTests {
    @Test func aSlashAfterAPrependingMarkIsReplacedToo() {
        let name = DocSyncNames.safe("\u{600}/etc").name
        #expect(!name.contains("/"))
        #expect(name == "\u{600}_etc")
    }
}
