import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// A photo copy is on disk for good before the row that points at it commits: written to a
/// temporary file, fsynced, renamed, and its directory fsynced — then the store's commit.
@Suite
struct DurablePhotoTests {
    static let strace = "/usr/bin/strace"

    /// The system calls of one traced process, in order, with `<unfinished …>`/`resumed` halves
    /// of interleaved threads joined back into one line.
    static func calls(in trace: String) -> [String] {
        var pending: [String: String] = [:]
        var lines: [String] = []
        for raw in trace.split(separator: "\n").map(String.init) {
            let pid = String(raw.prefix { $0 != " " })
            let body = String(raw.dropFirst(pid.count)).trimmingCharacters(in: .whitespaces)
            if let cut = body.range(of: " <unfinished ...>") {
                pending[pid] = String(body[..<cut.lowerBound])
            } else if body.hasPrefix("<... "), let close = body.range(of: " resumed>") {
                lines.append((pending.removeValue(forKey: pid) ?? "") + String(body[close.upperBound...]))
            } else {
                lines.append(body)
            }
        }
        return lines
    }

    /// The descriptor a traced `openat` of `path` returned.
    static func descriptor(_ line: String) -> String? {
        guard let equals = line.range(of: ") = ", options: .backwards) else { return nil }
        let fd = line[equals.upperBound...].prefix { $0.isNumber }
        return fd.isEmpty ? nil : String(fd)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: strace)))
    func attachFsyncsTheCopyRenamesItAndFsyncsItsDirectoryBeforeTheRowCommits() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let photo = try Outbox(world).jpeg("floor.jpg", size: 64 * 1024)
            let traceFile = world.home.path("attach.trace")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.strace)
            process.arguments = [
                "-f", "-qq", "-e", "trace=openat,fsync,fdatasync,rename,renameat,renameat2", "-o", traceFile,
                FieldOpsBinary.path, "jqc", "inspect", "attach", id, "--field", "6", photo,
            ]
            process.environment = world.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitForExit()
            #expect(process.terminationStatus == 0)

            let stored = try #require(try world.store().photos(inspectionLocalID: id).first)
            let final = try world.store().photoFile(stored)
            let photos = try world.store().photosDirectory
            let calls = Self.calls(in: try String(contentsOfFile: traceFile, encoding: .utf8))
            func index(after start: Int, _ matches: (String) -> Bool) -> Int? {
                calls.indices.first { $0 > start && matches(calls[$0]) }
            }
            // The core's temporary file beside it: photos/.NAME.tmp-XXXXXX.
            let temporary = photos + "/." + (final as NSString).lastPathComponent + ".tmp-"
            let open = try #require(index(after: -1) { $0.hasPrefix("openat(") && $0.contains("\"\(temporary)") && $0.contains("O_EXCL") })
            let tempFD = try #require(Self.descriptor(calls[open]))
            let syncCopy = try #require(index(after: open) { $0.hasPrefix("fsync(\(tempFD))") })
            let rename = try #require(
                index(after: syncCopy) { $0.hasPrefix("rename") && $0.contains("\"\(temporary)") && $0.contains("\"\(final)\"") })
            let openDirectory = try #require(
                index(after: rename) { $0.hasPrefix("openat(") && $0.contains("\"\(photos)\"") && $0.contains("O_DIRECTORY") })
            let directoryFD = try #require(Self.descriptor(calls[openDirectory]))
            let syncDirectory = try #require(index(after: openDirectory) { $0.hasPrefix("fsync(\(directoryFD))") })
            // The row's commit: the first sync of the write-ahead log after the copy is safe.
            let walOpen = try #require(index(after: -1) { $0.hasPrefix("openat(") && $0.contains("jqc.sqlite-wal\"") })
            let walFD = try #require(Self.descriptor(calls[walOpen]))
            let walSyncs = calls.indices.filter { calls[$0].hasPrefix("fsync(\(walFD))") || calls[$0].hasPrefix("fdatasync(\(walFD))") }
            #expect(!walSyncs.isEmpty, "the commit syncs the log")
            #expect(
                walSyncs.allSatisfy { $0 > syncDirectory }, "a commit came before the copy was durable:\n\(calls.joined(separator: "\n"))")
            #expect(open < syncCopy && syncCopy < rename && rename < openDirectory && openDirectory < syncDirectory)
        }
    }

    @Test func theCopyIsExactPrivateAndLeavesNoTemporaryFileAndARefusedAttachLeavesNoCopy() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let source = try outbox.jpeg("wall.jpg", size: 3 * 1024 * 1024 + 17)
            let draft = try outbox.store.createDraft(templateID: 1, facilityID: 1)
            let photo = try outbox.store.attachPhoto(inspectionLocalID: draft.localID, fieldID: "7", sourcePath: source)
            let copy = outbox.store.photoFile(photo)
            #expect(FileManager.default.contentsEqual(atPath: copy, andPath: source))
            #expect(photo.byteCount == 3 * 1024 * 1024 + 17)
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? NSNumber)
            #expect(mode.intValue & 0o777 == 0o600)
            #expect(try world.photoFiles() == [photo.fileName])

            // Refused after the copy was made (the inspection is no longer a draft): no row, no file.
            let submitted = try outbox.completedInspection()
            #expect(throws: JQCError.self) {
                try outbox.store.attachPhoto(inspectionLocalID: submitted.localID, fieldID: "7", sourcePath: source)
            }
            #expect(try world.photoFiles() == [photo.fileName])
            // A copy that cannot be made (a file stands where the photos directory should be) names
            // the file and stores nothing.
            try FileManager.default.removeItem(atPath: outbox.store.photosDirectory)
            _ = FileManager.default.createFile(atPath: outbox.store.photosDirectory, contents: Data("not a directory".utf8))
            let failed = await world.run([
                "jqc", "issue", "flag", "--facility", "1", "--severity", "low", "--description", "x", "--photo", source,
            ])
            #expect(failed.exitCode == 1 && failed.stderr.contains("cannot copy \(source) into the store"), "\(failed.stderr)")
            #expect(try outbox.store.issues().filter { $0.origin == .device }.isEmpty)
        }
    }
}
