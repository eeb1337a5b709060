import FieldOpsTestSupport
import Foundation
import Testing

@testable import FieldOpsCore

/// The one atomic file writer, on real files in a temporary directory.
@Suite struct AtomicFileTests {
    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber).intValue & 0o777
    }

    private func names(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    // The umask is the process's: the tests that set it run in a process of their own.
    @Test(.inItsOwnProcess) func writeReplacesTheFileWithExactlyItsModeWhateverTheUmaskAndLeavesNoTemporary() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.path + "/keyring"
        try AtomicFile.write(Array("old".utf8), to: path, mode: 0o644)
        let previous = umask(0o077)
        defer { umask(previous) }
        try AtomicFile.write(Array("new secret".utf8), to: path, mode: 0o640)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new secret")
        #expect(try mode(path) == 0o640, "exactly the mode asked for, not narrowed by the umask 077")
        #expect(try names(directory.url.path) == ["keyring"])
    }

    @Test(.inItsOwnProcess) func aFileThePersonOwnsIsNarrowedByTheUmaskAsAnyNewFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.path + "/note.md"
        let previous = umask(0o077)
        defer { umask(previous) }
        try AtomicFile.write("# note\n".utf8, to: path, mode: 0o644, applyingUmask: true)
        #expect(try mode(path) == 0o600)
    }

    @Test func exclusiveNeverOverwrites() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.path + "/config.yaml"
        try AtomicFile.write(Array("first".utf8), to: path, mode: 0o600, exclusive: true)
        #expect(throws: SystemCallError.self) {
            try AtomicFile.write(Array("second".utf8), to: path, mode: 0o600, exclusive: true)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first")
        #expect(try names(directory.url.path) == ["config.yaml"])
    }

    @Test func aSymlinkIsFollowedAndItsTargetReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.url.path + "/real.yaml"
        let link = directory.url.path + "/config.yaml"
        try AtomicFile.write(Array("a".utf8), to: target, mode: 0o600)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try AtomicFile.write(Array("b".utf8), to: link, mode: 0o600)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "b")
    }

    @Test func aWriterPutsItsFileInPlaceOnlyOnCommit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.path + "/onus.tsv"
        try AtomicFile.write(Array("old\n".utf8), to: path, mode: 0o600)
        let writer = try AtomicFile.Writer(replacing: path, mode: 0o600)
        // More than one 64 KB chunk, so some of it is on disk in the temporary file already.
        let line = String(repeating: "x", count: 99) + "\n"
        for _ in 0..<2_000 { try writer.append(line) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n", "a reader sees the old file meanwhile")
        #expect(try names(directory.url.path).count == 2)
        writer.discard()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try names(directory.url.path) == ["onus.tsv"])

        let second = try AtomicFile.Writer(replacing: path, mode: 0o600)
        for _ in 0..<2_000 { try second.append(line) }
        try second.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == String(repeating: line, count: 2_000))
        #expect(try names(directory.url.path) == ["onus.tsv"])
    }

    @Test func aWriterDroppedUncommittedLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let writer = try AtomicFile.Writer(replacing: directory.url.path + "/olts.tsv", mode: 0o600)
            try writer.append("a\tb\n")
        }
        #expect(try names(directory.url.path).isEmpty)
    }

    @Test func copyIsExactAndFailsCleanly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = directory.url.path + "/photo.jpg"
        let bytes = (0..<(3 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: source))
        let copied = try AtomicFile.copy(from: source, to: directory.url.path + "/copy.jpg")
        #expect(copied == bytes.count)
        #expect(FileManager.default.contentsEqual(atPath: source, andPath: directory.url.path + "/copy.jpg"))
        #expect(try mode(directory.url.path + "/copy.jpg") == 0o600)
        #expect(throws: SystemCallError.self) {
            try AtomicFile.copy(from: directory.url.path + "/missing.jpg", to: directory.url.path + "/other.jpg")
        }
        #expect(try names(directory.url.path) == ["copy.jpg", "photo.jpg"])
    }

    @Test func temporaryNamesAreRecognisedAndStaleOnesRemoved() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.path + "/keyring"
        let made = try AtomicFile.createTemporary(beside: path, mode: 0o600)
        close(made.descriptor)
        let name = (made.path as NSString).lastPathComponent
        #expect(name.hasPrefix(".keyring.tmp-") && name.count == ".keyring.tmp-".count + 6)
        #expect(AtomicFile.isTemporaryName(name))
        #expect(!AtomicFile.isTemporaryName("keyring"))
        #expect(!AtomicFile.isTemporaryName(".keyring.tmp-notmine"))
        #expect(!AtomicFile.isTemporaryName(".tmp-abcdef"))
        #expect(FileManager.default.createFile(atPath: directory.url.path + "/.keyring.tmp-notmine-at-all", contents: Data()))
        #expect(AtomicFile.removeStaleTemporaries(of: path) == 1)
        #expect(try names(directory.url.path) == [".keyring.tmp-notmine-at-all"])
    }

    @Test func linesAppendedWholeAreThePiecesInOrderAcrossChunks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.path + "/onus.tsv"
        let writer = try AtomicFile.Writer(replacing: path, mode: 0o600)
        var expected = ""
        // Past several 64 KB chunks, names of every length including none and non-ASCII.
        for index in 0..<9_000 {
            let name = String(repeating: "é", count: index % 7) + (index % 5 == 0 ? "" : "name \(index)")
            try writer.appendLine("ALPH\(index)", UInt8(ascii: "\t"), name)
            expected += "ALPH\(index)\t\(name)\n"
        }
        try writer.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }
}
